import PaletteCore
import XCTest

@testable import ProviderKit

/// What a model is told when the request carries a picture, and which turn carries it.
final class PictureInstructionsTests: XCTestCase {
    private let picture = ImageInput(
        picture: RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])!, source: "a.png", checksum: "sha256:0")

    func testThePictureReplacesTheDescriptionAndTheRolesAreAskedFromIt() {
        let request = GenerationRequest(description: "calmer", image: picture)
        let system = PaletteInstructions.system(for: request)
        XCTAssertFalse(system.contains("read the user's description of a scene"), system)
        XCTAssertTrue(system.contains("design a three-colour palette from the picture attached"), system)
        XCTAssertTrue(system.contains("The primary is the dominant field"), system)
        XCTAssertTrue(system.contains("The accent is the salient small colour"), system)
        XCTAssertTrue(system.contains("The secondary is the support"), system)
        XCTAssertTrue(system.contains("Keep a clear role structure"), system)
        XCTAssertTrue(system.contains("- Treat the user's words as steering for the picture's palette"), system)
        XCTAssertFalse(system.contains("- Treat the whole user message as the description to paint"), system)
        XCTAssertEqual(PaletteInstructions.userTurn(for: request), "calmer")
        XCTAssertEqual(
            PaletteInstructions.userTurn(for: GenerationRequest(description: " \n", image: picture)),
            "Design the palette from this picture as it is.")
        XCTAssertEqual(PaletteInstructions.userTurn(for: GenerationRequest(description: "")), "")
    }

    func testARefinementOfAPicturePaletteKeepsItsInstructionRule() {
        let base = Palette(
            primary: RGB(packed: 0x2E86AB), secondary: RGB(packed: 0xA23B72), accent: RGB(packed: 0xF18F01))
        let request = GenerationRequest(
            description: "harbour photo", refinement: Refinement(instruction: "warmer accent", base: base),
            image: picture)
        let system = PaletteInstructions.system(for: request)
        XCTAssertTrue(system.contains(PaletteInstructions.instructionRule), system)
        XCTAssertFalse(system.contains(PaletteInstructions.pictureRule), system)
        XCTAssertTrue(system.contains("Refinement: this palette is being refined"), system)
        XCTAssertEqual(PaletteInstructions.userTurn(for: request), "warmer accent")
    }

    func testOnlyTheFirstUserTurnCarriesThePictureAndAPlainRequestNone() {
        let turns = PaletteConversation.turns(for: GenerationRequest(description: "calmer", image: picture))
        XCTAssertEqual(turns.map { $0.image != nil }, [false, true])
        XCTAssertEqual(turns[1].image.map { [$0.width, $0.height] }, [2, 1])
        let again = PaletteConversation.turns(
            turns, correcting: Correction(reply: "no", problem: "p"), for: GenerationRequest(description: "calmer"))
        XCTAssertEqual(again.map { $0.image != nil }, [false, true, false, false])
        XCTAssertEqual(PaletteConversation.turns(for: GenerationRequest(description: "x")).compactMap(\.image), [])
        XCTAssertTrue(PaletteConversation.supportedFields.contains(.image))
    }

    /// Only an error about the picture counts as the model refusing it.
    func testARefusalIsAnErrorAboutThePicture() {
        for refusal in [
            "Invalid content type. image_url is only supported by certain models.",
            "this model does not support image input", "this model is missing data required for image input",
            "\"llama3.2\" does not support vision", "Model is not multimodal",
        ] {
            XCTAssertTrue(ImageUpload.isRefusal(refusal), refusal)
        }
        for other in ["server busy", "model 'x' not found", "invalid JSON schema in format", ""] {
            XCTAssertFalse(ImageUpload.isRefusal(other), other)
        }
        XCTAssertFalse(ImageUpload.isRefusal(nil))
    }
}
