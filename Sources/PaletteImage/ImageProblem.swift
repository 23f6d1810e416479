/// The kinds of picture `ImageDecoder` reads, told by their first bytes (never by the name).
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"
}

/// Why a file gave no picture: each is one sentence in PaletteText (`Messages.imageProblem`).
public enum ImageProblem: Error, Hashable, Sendable {
    /// Nothing at the path.
    case missing
    /// It exists but could not be opened or read (`errno`).
    case unreadable(code: Int32)
    case directory
    /// A named pipe, device or socket: never read (a pipe could wait for ever).
    case notAFile
    case empty
    /// More bytes than `ImageDecoder` reads for this kind of file.
    case tooLarge(bytes: Int, limit: Int)
    /// Not a PNG, JPEG or WebP file by its first bytes.
    case notAnImage
    /// The header declares more pixels (or a longer side) than is decoded; refused before
    /// anything the size of the picture is allocated.
    case tooManyPixels(width: Int, height: Int)
    /// The file ends before its picture does.
    case truncated(ImageFormat)
    /// The data is not a valid picture of its kind.
    case damaged(ImageFormat)
    /// A CMYK (print) JPEG, which is not converted.
    case cmykJPEG
    /// A progressive JPEG whose coefficients alone would pass the memory bound.
    case progressiveTooLarge(width: Int, height: Int)
    /// The system library that decodes this kind of picture (`ImageFormat.library`) could not be
    /// loaded: it is opened when the first such picture is read, not when the program starts.
    case libraryMissing(ImageFormat)
}
