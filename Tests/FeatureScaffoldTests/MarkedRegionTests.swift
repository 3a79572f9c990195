import FeatureScaffold
import Testing

@Suite struct MarkedRegionTests {
    let text = """
        let featureBundles: [(name: String, resources: Bool)] = [
            // scaffold-feature: begin
            (name: "Chats", resources: true),
            // scaffold-feature: end
        ]
        """

    @Test func insertsBeforeTheEndMarkerWithItsIndentationAndNothingElse() throws {
        let edited = try MarkedRegion.features.inserting(#"(name: "Weather", resources: false),"#, in: text, file: "Package.swift")
        #expect(
            edited == """
                let featureBundles: [(name: String, resources: Bool)] = [
                    // scaffold-feature: begin
                    (name: "Chats", resources: true),
                    (name: "Weather", resources: false),
                    // scaffold-feature: end
                ]
                """)
    }

    @Test func readsTheLinesBetweenTheMarkers() throws {
        #expect(try MarkedRegion.features.lines(in: text, file: "Package.swift") == [#"(name: "Chats", resources: true),"#])
    }

    @Test func missingOrRepeatedMarkersAreErrors() {
        #expect(
            throws: ScaffoldError(
                "Package.swift needs exactly one \"// scaffold-feature: begin\" line followed by one \"// scaffold-feature: end\" line (found 0 and 0); the scaffold edits only that region."
            )
        ) { try MarkedRegion.features.lines(in: "let x = 1", file: "Package.swift") }
        let twice = text + "\n// scaffold-feature: end"
        #expect(throws: ScaffoldError.self) { try MarkedRegion.features.inserting("x", in: twice, file: "Package.swift") }
        let reversed = "// scaffold-feature: end\n// scaffold-feature: begin"
        #expect(throws: ScaffoldError.self) { try MarkedRegion.features.lines(in: reversed, file: "Package.swift") }
    }
}
