import FoundationEssentials
import Glibc
import PaletteCore
import PaletteImage
import PaletteText

/// A picture attached to the app's requests: the decoded image (its `source` the absolute path,
/// so history can find it again), a small preview for the thumbnail, and the file's name.
public struct AttachedImage: Equatable, Sendable {
    public var input: ImageInput
    public var preview: RGBImage
    public var name: String

    public init(input: ImageInput, preview: RGBImage? = nil) {
        self.input = input
        self.preview = preview ?? Thumbnail.preview(input.picture)
        name = TextSanitizer.clean(ImagePath.fileName(input.source))
    }
}

/// Which paths to try, from where: the field's candidates (`ImagePath.candidates`) or the one
/// path the prompt or a history entry names.
public struct ImageLoadJob: Hashable, Sendable {
    public var id: Int
    /// Paths as the user wrote them, tried in order.
    public var paths: [String]
    /// Where a relative path starts: the working directory at start.
    public var directory: String
    /// The paths were named as images (the prompt, a history entry): the first is decoded
    /// whatever it is, so nothing there is the decoder's sentence, not a description.
    public var named: Bool

    public init(id: Int, paths: [String], directory: String, named: Bool) {
        self.id = id
        self.paths = paths
        self.directory = directory
        self.named = named
    }
}

/// What came of an `ImageLoadJob`.
public enum ImageLoadOutcome: Sendable {
    /// The path at `index` is a picture, decoded.
    case loaded(AttachedImage, index: Int)
    /// No path names an image file (nothing there, a folder, a file that is not a picture by
    /// its name or its first bytes): the field is a description.
    case noImage
    /// The path at `index` names an image file that could not be read: the decoder's sentence.
    case failed(Localized, index: Int)
}

/// What is at a path, as far as taking it for a picture goes.
public enum ImageFileKind: Hashable, Sendable {
    /// Nothing, a folder, or not a regular file.
    case none
    /// A regular file that is a picture by its name or its first bytes.
    case image
    /// A regular file that is neither.
    case other
}

/// Reading pictures, as closures (`Dependencies.images`). Blocking: effects call it on
/// `BlockingIO`'s threads.
public struct ImageClient: Sendable {
    public var probe: @Sendable (_ path: String) -> ImageFileKind
    public var decode: @Sendable (_ path: String) -> Result<ImageInput, ImageLoadFailure>

    public init(
        probe: @escaping @Sendable (_ path: String) -> ImageFileKind,
        decode: @escaping @Sendable (_ path: String) -> Result<ImageInput, ImageLoadFailure>
    ) {
        self.probe = probe
        self.decode = decode
    }

    /// The file system and `ImageDecoder`.
    public static let live = ImageClient(probe: probeFile) { path in
        do throws(ImageProblem) {
            return .success(try ImageDecoder.decode(path: path))
        } catch {
            return .failure(ImageLoadFailure(problem: error))
        }
    }

    /// Runs `job`: each path resolved (`~` is `home`), the first that names an image decoded.
    public func load(_ job: ImageLoadJob, home: String?) -> ImageLoadOutcome {
        for (index, written) in job.paths.enumerated() {
            let path = ImagePath.resolve(written, home: home, directory: job.directory)
            if !job.named, probe(path) != .image { continue }
            switch decode(path) {
            case .success(let input):
                return .loaded(AttachedImage(input: input), index: index)
            case .failure(let failure):
                return .failed(failure.message(written), index: index)
            }
        }
        return .noImage
    }

    /// A regular file is an image when its name ends like one or its first bytes are a PNG's,
    /// a JPEG's or a WebP's (`ImageDecoder.format(of:)`). Never opens anything but a regular file.
    @Sendable public static func probeFile(_ path: String) -> ImageFileKind {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .none }
        if ImagePath.hasImageExtension(path) { return .image }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .other }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 12)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 12) }
        guard n > 0 else { return .other }
        return ImageDecoder.format(of: Array(head.prefix(n))) == nil ? .other : .image
    }
}

/// Why a picture was not read: the decoder's reason, worded with the path as the user wrote it.
public struct ImageLoadFailure: Error, Hashable, Sendable {
    public var problem: ImageProblem

    public init(problem: ImageProblem) {
        self.problem = problem
    }

    func message(_ path: String) -> Localized { ImageWords.problem(problem, path: path) }
}
