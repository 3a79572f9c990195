import DataSources
import FeatureHostCore
import Foundation

/// The record type the source tests decode.
struct Car: Codable, Equatable, Sendable {
    var name: String
    var seats: Int
}

let carsJSON = #"[{"name":"Q7","seats":7},{"name":"A1","seats":4}]"#
let cars = [Car(name: "Q7", seats: 7), Car(name: "A1", seats: 4)]

let carsPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><array>
    <dict><key>name</key><string>Q7</string><key>seats</key><integer>7</integer></dict>
    <dict><key>name</key><string>A1</string><key>seats</key><integer>4</integer></dict>
    </array></plist>
    """

let carDecoder = PayloadDecoder<[Car]>.standard()
