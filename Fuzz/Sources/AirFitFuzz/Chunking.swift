/// Splits a stream body into chunks the way a network might, from a seed byte the fuzzer controls.
///
/// Every chunk is copied into its own array, so AddressSanitizer sees a read past a chunk's end; every
/// other chunk can be handed over as a non-contiguous collection, which takes the parsers' copying path.
struct Chunking {
    /// Largest chunk, from one byte at a time to 4 KiB (bits 0–3 of the seed).
    let maxChunk: Int
    /// Whether to alternate contiguous and non-contiguous chunks (bit 6 of the seed).
    let mixesNonContiguous: Bool
    private var state: UInt32

    static let maxChunkSizes = [4096, 1024, 256, 64, 16, 8, 4, 2, 1, 3, 5, 7, 13, 31, 127, 509]

    init(seed: UInt8, length: Int) {
        maxChunk = Self.maxChunkSizes[Int(seed & 0x0F)]
        mixesNonContiguous = seed & 0x40 != 0
        state = UInt32(seed) &* 2_654_435_761 ^ UInt32(truncatingIfNeeded: length)
    }

    /// The chunk lengths covering `count` bytes.
    mutating func lengths(covering count: Int) -> [Int] {
        var lengths: [Int] = []
        var remaining = count
        while remaining > 0 {
            state = state &* 1_103_515_245 &+ 12_345
            let length = min(remaining, Int((state >> 16) % UInt32(maxChunk)) + 1)
            lengths.append(length)
            remaining -= length
        }
        return lengths
    }

    /// Calls `body` with each chunk of `bytes`, as an array or as a lazy (non-contiguous) view of one.
    mutating func forEachChunk<E: Error>(
        of bytes: UnsafeBufferPointer<UInt8>,
        _ body: (Chunk) throws(E) -> Void
    ) throws(E) {
        var start = 0
        for (index, length) in lengths(covering: bytes.count).enumerated() {
            let copy = Array(UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
            start += length
            if mixesNonContiguous, index % 2 == 1 {
                try body(.lazy(copy.lazy.map { $0 }))
            } else {
                try body(.array(copy))
            }
        }
    }

    enum Chunk {
        case array([UInt8])
        case lazy(LazyMapCollection<[UInt8], UInt8>)
    }
}

/// The input's first byte and the rest.
func splitFirstByte(_ input: UnsafeBufferPointer<UInt8>) -> (UInt8, UnsafeBufferPointer<UInt8>)? {
    guard let first = input.first else { return nil }
    return (first, UnsafeBufferPointer(rebasing: input[1...]))
}
