import PaletteCore
import PaletteText
import XCTest

@testable import PaletteImage

/// The picture libraries are opened with dlopen on first use (`ImageLibraries`), not linked: the
/// installed ones load, and one that cannot be loaded is an `ImageProblem` with its sentence.
final class ImageLibraryTests: XCTestCase {
    func testTheSystemsLibrariesLoadWithEveryFunction() {
        XCTAssertNotNil(ImageLibraries.png, ImageFormat.png.library)
        XCTAssertNotNil(ImageLibraries.jpeg, ImageFormat.jpeg.library)
        XCTAssertNotNil(ImageLibraries.webp, ImageFormat.webp.library)
    }

    func testALibraryThatCannotBeLoadedGivesNoFunctions() {
        let missing = SharedLibrary("libpalette-tui-no-such-library.so.0")
        XCTAssertNil(missing)
        XCTAssertNil(SpngFunctions(missing))
        XCTAssertNil(TurboJPEGFunctions(missing))
        XCTAssertNil(WebPFunctions(missing))
        // A library without the functions asked for (zlib is loaded by every build of the app).
        let other = SharedLibrary("libz.so.1")
        XCTAssertNotNil(other)
        XCTAssertNil(SpngFunctions(other))
        XCTAssertNil(TurboJPEGFunctions(other))
        XCTAssertNil(WebPFunctions(other))
        // Without the library the JPEG scale falls back to 1/8.
        XCTAssertTrue(JPEGDecoder.scaledSize(width: 8000, height: 6000, nil) == (1000, 750))
    }

    func testAMissingLibraryIsSaidWithItsPackage() {
        for format in ImageFormat.allCases {
            let words = ImageWords.problem(.libraryMissing(format), path: "/tmp/a")
            for text in [words.english, words.traditional, words.simplified] {
                XCTAssertTrue(text.contains(format.library), text)
                XCTAssertTrue(text.contains(format.libraryPackage), text)
                XCTAssertTrue(text.contains(format.rawValue), text)
            }
        }
        XCTAssertEqual(
            ImageWords.problem(.libraryMissing(.png), path: "/tmp/a.png").english,
            "could not read the image /tmp/a.png: PNG pictures are read with the system library libspng.so.0, "
                + "which could not be loaded; install it (Debian: libspng0)")
    }
}
