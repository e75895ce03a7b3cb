import AirFitAI
import Testing

@Suite("Chunking invariance")
struct ChunkingPropertyTests {
    @Test("Every fixture split at every byte boundary decodes to the same summary", arguments: Fixture.all)
    func everySplit(_ fixture: Fixture) throws {
        let bytes = fixture.bytes
        let whole = try TestSupport.summary(fixture.provider, bytes)
        TestSupport.expect(whole, matches: fixture)
        for cut in 0...bytes.count {
            let split = try TestSupport.summary(fixture.provider, bytes, cuts: [cut])
            #expect(split == whole, "split at byte \(cut)")
            if split != whole { return }
        }
    }

    @Test("Every fixture fed one byte at a time decodes to the same summary", arguments: Fixture.all)
    func byteByByte(_ fixture: Fixture) throws {
        let whole = try TestSupport.summary(fixture.provider, fixture.bytes)
        #expect(try TestSupport.summaryByteByByte(fixture.provider, fixture.bytes) == whole)
    }

    @Test("Random three-way splits decode to the same summary", arguments: Fixture.all)
    func randomSplits(_ fixture: Fixture) throws {
        let bytes = fixture.bytes
        let whole = try TestSupport.summary(fixture.provider, bytes)
        var generator = SeededGenerator(seed: UInt64(bytes.count))
        for _ in 0..<50 {
            let cuts = [
                Int.random(in: 0...bytes.count, using: &generator), Int.random(in: 0...bytes.count, using: &generator),
            ]
            .sorted()
            #expect(try TestSupport.summary(fixture.provider, bytes, cuts: cuts) == whole, "cuts \(cuts)")
        }
    }

    @Test("SSE parsing with CR, LF and CRLF endings is the same under every split")
    func sseEverySplit() throws {
        let bytes = Array("\u{FEFF}id: 1\r\ndata: a\rdata: b\n\r\nevent: x\ndata: c\r\r: note\ndata:d\n\n".utf8)
        let whole = try TestSupport.sseEvents(bytes)
        #expect(whole.count == 3)
        for cut in 0...bytes.count {
            #expect(try TestSupport.sseEvents(bytes, cuts: [cut]) == whole, "split at byte \(cut)")
        }
        #expect(try TestSupport.sseEvents(bytes, cuts: Array(bytes.indices.dropFirst())) == whole)
    }
}

/// A deterministic generator so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
