import FeatureHostPluginWire
import Foundation
import Testing

/// Key hints cross in two forms so that hosts and plugins of any age read each other: the plain array every host
/// reads, and the object a newer host asks for, only when the screen has something to add (it swallows Esc unnamed).
@Suite struct KeyHintsWireTests {
    let enter = KeyHintWire(key: "Enter", action: "poke")

    @Test func anOlderPluginsArrayIsReadWithNothingSaidAboutEsc() {
        let read = KeyHintsWire.decode(Array(#"[{"action":"poke","key":"Enter"}]"#.utf8))
        #expect(read == KeyHintsWire(hints: [enter]))
        #expect(read?.leavesEscapeToShell == nil)
    }

    @Test func theObjectIsWrittenOnlyForAHostThatAsksAndOnlyWhenTheScreenSaysMore() {
        let keeps = KeyHintsWire(hints: [enter], leavesEscapeToShell: false)
        let array = Array(#"[{"action":"poke","key":"Enter"}]"#.utf8)
        #expect(keeps.encoded(form: nil) == array, "an older host reads only the array")
        #expect(KeyHintsWire(hints: [enter]).encoded(form: KeyHintsWire.objectForm) == array, "nothing to add: the same bytes as before")
        let object = keeps.encoded(form: KeyHintsWire.objectForm)
        #expect(String(decoding: object, as: UTF8.self) == #"{"hints":[{"action":"poke","key":"Enter"}],"leavesEscapeToShell":false}"#)
        #expect(KeyHintsWire.decode(object) == keeps)
    }

    @Test func neitherFormIsNoHints() {
        #expect(KeyHintsWire.decode(Array("{}".utf8)) == nil)
        #expect(KeyHintsWire.decode(Array(#"{"hints":3}"#.utf8)) == nil)
        #expect(KeyHintsWire.decode([]) == nil)
    }

    @Test func aNewerHostAsksForTheObjectAndAnOlderHostsContextStillReads() throws {
        let older =
            #"{"clock":"live","dataDirectory":"/d","hourCycle":"24","id":"x","locale":"en","now":0,"#
            + #""payloadCacheFile":"/p","preferencesFile":"/f","settings":{},"storageDirectory":"/s","timeZone":"UTC"}"#
        #expect(try ContextWire.decode(Array(older.utf8)).keyHintsForm == nil)
        let newer = older.dropLast() + #","keyHintsForm":2}"#
        #expect(try ContextWire.decode(Array(newer.utf8)).keyHintsForm == KeyHintsWire.objectForm)
    }
}
