import Dispatch
import FoundationEssentials
import Glibc
import PaletteCore
import Synchronization

/// A PNG, JPEG or WebP file to an `ImageInput`: the picture at most `ImageInput.maxSide` pixels
/// on its longer side, downscaled while it is decoded, and the checksum of the file's bytes.
///
/// Bounded: the file is opened without blocking and refused unless it is a regular file; its kind
/// comes from its first bytes; a header that declares more than `maxPixels` pixels or a side
/// longer than `maxSide` is refused before anything the size of the picture is allocated.
/// A PNG is streamed (never held whole) and its rows are accumulated into a box filter; a JPEG is
/// scaled in the DCT (TurboJPEG); a WebP is scaled by libwebp while decoding. Transparent pixels
/// are composed over white. Every failure is an `ImageProblem`, never a crash: the C libraries
/// used return error codes (libspng, TurboJPEG, libwebp), so no longjmp crosses Swift.
public enum ImageDecoder {
    /// The longest side a header may declare.
    public static let maxSide = 32_768
    /// The most pixels a header may declare (a 50-megapixel photo is read; 120 MP is the cap).
    public static let maxPixels = 120_000_000
    /// The largest PNG read (it is streamed, so its size costs time, not memory).
    public static let maxStreamedBytes = 256 << 20
    /// The largest JPEG or WebP read (held whole while it is decoded).
    public static let maxHeldBytes = 64 << 20

    /// The picture in the file at `path`, with `source` (default: the path) as the user named it.
    public static func decode(path: String, source: String? = nil) throws(ImageProblem) -> ImageInput {
        let file = try ImageFile(path: path)
        defer { file.close() }
        let (format, head) = try file.format()
        let decoded: RGBImage
        // The checksum is worked out on another thread while the picture is decoded (SHA-256 in
        // Swift runs at about 200 MB/s: a fifth of a second for a 44 MB PNG, hidden this way).
        let checksum = Checksum()
        switch format {
        case .png:
            guard file.size <= maxStreamedBytes else {
                throw .tooLarge(bytes: file.size, limit: maxStreamedBytes)
            }
            checksum.start(file: file)
            var stream = file.stream(head: head)
            do throws(ImageProblem) {
                decoded = try PNGDecoder.decode(&stream)
            } catch {
                checksum.cancel()
                throw error
            }
        case .jpeg, .webp:
            guard file.size <= maxHeldBytes else { throw .tooLarge(bytes: file.size, limit: maxHeldBytes) }
            let bytes = try file.readAll(head: head, limit: maxHeldBytes)
            checksum.start(bytes: bytes)
            do throws(ImageProblem) {
                decoded = try decode(bytes: bytes, format: format)
            } catch {
                checksum.cancel()
                throw error
            }
        }
        let sum = try checksum.wait()
        return ImageInput(picture: decoded, source: source ?? path, checksum: "sha256:" + sum)
    }

    /// The picture in `bytes` (any kind `format(of:)` recognises), for the fuzzer and tests.
    public static func decode(bytes: [UInt8]) throws(ImageProblem) -> RGBImage {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = format(of: bytes) else { throw .notAnImage }
        if format == .png {
            var stream = ByteStream(bytes: bytes)
            return try PNGDecoder.decode(&stream)
        }
        return try decode(bytes: bytes, format: format)
    }

    static func decode(bytes: [UInt8], format: ImageFormat) throws(ImageProblem) -> RGBImage {
        switch format {
        case .jpeg: return try JPEGDecoder.decode(bytes)
        case .webp: return try WebPDecoder.decode(bytes)
        case .png:
            var stream = ByteStream(bytes: bytes)
            return try PNGDecoder.decode(&stream)
        }
    }

    /// The kind of picture `head` (the file's first bytes, at least 12 when it has them) starts.
    public static func format(of head: [UInt8]) -> ImageFormat? {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// Checks declared dimensions against the caps.
    static func check(width: Int, height: Int) throws(ImageProblem) {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .tooManyPixels(width: width, height: height)
        }
    }

    /// The size a `width` × `height` picture is decoded to: the longer side at most
    /// `ImageInput.maxSide`, the proportions kept, each side at least 1.
    public static func targetSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        let side = ImageInput.maxSide
        guard longer > side else { return (width, height) }
        return (max(1, width * side / longer), max(1, height * side / longer))
    }
}

/// A file opened for reading an image: never blocks on a pipe, refuses what is not a regular file.
struct ImageFile {
    let fd: Int32
    let size: Int

    init(path: String) throws(ImageProblem) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .missing : .unreadable(code: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            _ = Glibc.close(fd)
            throw .unreadable(code: code)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            _ = Glibc.close(fd)
            throw kind == S_IFDIR ? .directory : .notAFile
        }
        guard info.st_size > 0 else {
            _ = Glibc.close(fd)
            throw .empty
        }
        // Reads of a regular file block as the disk does; the flag was for opening a pipe only.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        self.fd = fd
        self.size = Int(info.st_size)
    }

    func close() { _ = Glibc.close(fd) }

    /// Up to `count` bytes; fewer only at the end of the file; `-errno` when a read failed.
    func read(_ count: Int, into buffer: UnsafeMutableRawPointer) -> Int {
        var done = 0
        while done < count {
            let n = Glibc.read(fd, buffer + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return -Int(errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Up to `count` bytes into `buffer` from its start.
    func fill(_ count: Int, _ buffer: inout [UInt8]) throws(ImageProblem) -> Int {
        let n = buffer.withUnsafeMutableBytes { read(min(count, $0.count), into: $0.baseAddress!) }
        if n < 0 { throw .unreadable(code: Int32(-n)) }
        return n
    }

    /// The format told by the first bytes, and those bytes.
    func format() throws(ImageProblem) -> (ImageFormat, [UInt8]) {
        var head = [UInt8](repeating: 0, count: 16)
        let n = try fill(16, &head)
        head.removeLast(16 - n)
        if n == 0 { throw .empty }
        guard let format = ImageDecoder.format(of: head) else { throw .notAnImage }
        return (format, head)
    }

    /// The whole file (`head` already read), at most `limit` bytes.
    func readAll(head: [UInt8], limit: Int) throws(ImageProblem) -> [UInt8] {
        var bytes = head
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = try fill(chunk.count, &chunk)
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw .tooLarge(bytes: bytes.count, limit: limit) }
        }
        return bytes
    }

    func stream(head: [UInt8]) -> FileStream { FileStream(file: self, head: head) }
}

/// Where a PNG decoder takes its bytes from, hashing what it takes.
protocol ByteSource {
    /// Fills `buffer` with exactly `count` bytes; false at the end of the data.
    mutating func fill(_ buffer: UnsafeMutableRawPointer, count: Int) -> Bool
    var failure: ImageProblem? { get }
}

/// The bytes of a file, read in blocks.
struct FileStream: ByteSource {
    let file: ImageFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var total = 0
    private(set) var failure: ImageProblem?

    init(file: ImageFile, head: [UInt8]) {
        self.file = file
        buffer = [UInt8](repeating: 0, count: 1 << 18)
        buffer.replaceSubrange(0..<head.count, with: head)
        end = head.count
        total = head.count
    }

    private mutating func refill() -> Bool {
        start = 0
        end = 0
        do throws(ImageProblem) {
            let n = try file.fill(buffer.count, &buffer)
            end = n
            total += n
            if total > ImageDecoder.maxStreamedBytes {
                failure = .tooLarge(bytes: total, limit: ImageDecoder.maxStreamedBytes)
                return false
            }
            return n > 0
        } catch {
            failure = error
            return false
        }
    }

    mutating func fill(_ out: UnsafeMutableRawPointer, count: Int) -> Bool {
        var done = 0
        while done < count {
            if start == end, !refill() { return false }
            let take = min(count - done, end - start)
            buffer.withUnsafeBytes { raw in
                let piece = UnsafeRawBufferPointer(rebasing: raw[start..<start + take])
                (out + done).copyMemory(from: piece.baseAddress!, byteCount: take)
            }
            start += take
            done += take
        }
        return true
    }

}

/// Bytes in memory as a `ByteSource` (the fuzzer, tests).
struct ByteStream: ByteSource {
    let bytes: [UInt8]
    var offset = 0
    var failure: ImageProblem? { nil }

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func fill(_ out: UnsafeMutableRawPointer, count: Int) -> Bool {
        guard bytes.count - offset >= count else { return false }
        bytes.withUnsafeBytes { raw in
            out.copyMemory(from: raw.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return true
    }
}

/// A box filter from a `width` × `height` picture to `ImageDecoder.targetSize`: each output pixel
/// the mean of the source pixels that fall in it, accumulated as rows arrive (in any order), so no
/// more than the output's sums is ever held.
struct BoxDownscaler {
    let width: Int
    let height: Int
    let outWidth: Int
    let outHeight: Int
    private var sums: [UInt32]
    private let xmap: [Int32]
    private let ymap: [Int32]
    /// The first source column of each output column, and `width` at the end.
    private let runs: [Int]
    private let columnCounts: [UInt32]
    private let rowCounts: [UInt32]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        (outWidth, outHeight) = ImageDecoder.targetSize(width: width, height: height)
        sums = [UInt32](repeating: 0, count: outWidth * outHeight * 3)
        let (ow, oh) = (outWidth, outHeight)
        xmap = (0..<width).map { Int32($0 * ow / width) }
        ymap = (0..<height).map { Int32($0 * oh / height) }
        var columns = [UInt32](repeating: 0, count: ow)
        for x in xmap { columns[Int(x)] += 1 }
        var rows = [UInt32](repeating: 0, count: oh)
        for y in ymap { rows[Int(y)] += 1 }
        columnCounts = columns
        rowCounts = rows
        var starts = [Int](repeating: 0, count: ow + 1)
        for ox in 0..<ow { starts[ox + 1] = starts[ox] + Int(columns[ox]) }
        runs = starts
    }

    /// Adds row `y` of 8-bit RGBA pixels, the columns `first`, `first + step`, …, composing each
    /// over white.
    mutating func add(row y: Int, rgba: UnsafePointer<UInt8>, first: Int = 0, step: Int = 1) {
        add(row: y, pixels: rgba, channels: 4, first: first, step: step)
    }

    /// Adds row `y` of 8-bit pixels of 3 (RGB) or 4 (RGBA, composed over white) channels.
    mutating func add(row y: Int, pixels: UnsafePointer<UInt8>, channels: Int, first: Int = 0, step: Int = 1) {
        let base = Int(ymap[y]) * outWidth * 3
        let width = self.width
        xmap.withUnsafeBufferPointer { xmap in
            sums.withUnsafeMutableBufferPointer { sums in
                var x = first
                if channels == 3, step == 1 {
                    // Each output column's run of source pixels summed in registers.
                    runs.withUnsafeBufferPointer { runs in
                        for ox in 0..<(runs.count - 1) {
                            var r: UInt32 = 0
                            var g: UInt32 = 0
                            var b: UInt32 = 0
                            var p = pixels + runs[ox] * 3
                            let end = pixels + runs[ox + 1] * 3
                            while p < end {
                                r &+= UInt32(p[0])
                                g &+= UInt32(p[1])
                                b &+= UInt32(p[2])
                                p += 3
                            }
                            let i = base + ox * 3
                            sums[i] &+= r
                            sums[i + 1] &+= g
                            sums[i + 2] &+= b
                        }
                    }
                    return
                }
                if channels == 3 {
                    while x < width {
                        let p = pixels + x * 3
                        let i = base + Int(xmap[x]) * 3
                        sums[i] &+= UInt32(p[0])
                        sums[i + 1] &+= UInt32(p[1])
                        sums[i + 2] &+= UInt32(p[2])
                        x += step
                    }
                    return
                }
                while x < width {
                    let p = pixels + x * 4
                    var r = UInt32(p[0])
                    var g = UInt32(p[1])
                    var b = UInt32(p[2])
                    let a = UInt32(p[3])
                    if a != 255 {
                        let white = 255 * (255 - a)
                        r = (r * a + white + 127) / 255
                        g = (g * a + white + 127) / 255
                        b = (b * a + white + 127) / 255
                    }
                    let i = base + Int(xmap[x]) * 3
                    sums[i] &+= r
                    sums[i + 1] &+= g
                    sums[i + 2] &+= b
                    x += step
                }
            }
        }
    }

    /// The means (rounded); rows or columns never given count as black.
    func image() -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: sums.count)
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                let count = rowCounts[oy] * columnCounts[ox]
                guard count > 0 else { continue }
                let i = (oy * outWidth + ox) * 3
                for c in 0..<3 { pixels[i + c] = UInt8(min(255, (sums[i + c] + count / 2) / count)) }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: pixels)!
    }
}

/// SHA-256 of a file's bytes on a thread of its own: `start`, then `wait` for the hex digits.
final class Checksum: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<String, ImageProblem> = .failure(.empty)
    private var started = false
    private let stopped = Atomic<Bool>(false)

    /// Stops the hashing (a picture that failed needs no checksum) and waits for the thread.
    func cancel() {
        stopped.store(true, ordering: .relaxed)
        _ = try? wait()
    }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Hashes the whole file with `pread` (its own offsets: the decoder's reads are not moved).
    func start(file: ImageFile) {
        started = true
        let fd = file.fd
        let running = startThread(named: "palette-tui.sha") { [self] in
            var hasher = SHA256()
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var offset = 0
            var outcome: Result<String, ImageProblem>?
            while outcome == nil {
                if isStopped {
                    outcome = .failure(.empty)
                    break
                }
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, off_t(offset)) }
                if n < 0 {
                    if errno == EINTR { continue }
                    outcome = .failure(.unreadable(code: errno))
                } else if n == 0 {
                    outcome = .success(hasher.finalHex())
                } else {
                    buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    offset += n
                    if offset > ImageDecoder.maxStreamedBytes {
                        outcome = .failure(.tooLarge(bytes: offset, limit: ImageDecoder.maxStreamedBytes))
                    }
                }
            }
            result = outcome!
            done.signal()
        }
        if !running { refused() }
    }

    /// No thread could be started: the checksum fails as an unreadable file does, at once.
    private func refused() {
        result = .failure(.unreadable(code: EAGAIN))
        done.signal()
    }

    func start(bytes: [UInt8]) {
        started = true
        let running = startThread(named: "palette-tui.sha") { [self] in
            result = .success(SHA256.hex(bytes))
            done.signal()
        }
        if !running { refused() }
    }

    /// The digits, once the thread is done (the file must stay open until then).
    func wait() throws(ImageProblem) -> String {
        guard started else { throw .empty }
        done.wait()
        started = false
        return try result.get()
    }
}
