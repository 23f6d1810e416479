import Foundation
import PaletteCore
import PaletteHistory
import PaletteText
import ScreenCore
import XCTest

@testable import PaletteApp

/// A picture in the app (issue 36): a path in the description field or the prompt, read off the
/// UI thread, attached to requests until removed, drawn as a half-block thumbnail beside the
/// panes, and named in history.
final class ImageAppTests: XCTestCase {
    // MARK: - Path detection

    private func found(_ text: String) -> [String] { ImagePath.candidates(in: text).map(\.path) }

    func testQuotedEscapedAndTildePathsAreFoundWithTheWordsAround() {
        let quoted = ImagePath.candidates(in: "'/tmp/My Photos/sea.png' but calmer")
        XCTAssertEqual(quoted.first, ImageCandidate(path: "/tmp/My Photos/sea.png", rest: "but calmer"))
        let double = ImagePath.candidates(in: #"a night version of "/tmp/a b/c.JPG""#)
        XCTAssertEqual(double.first, ImageCandidate(path: "/tmp/a b/c.JPG", rest: "a night version of"))
        // As terminals paste a dragged file: spaces escaped, a space after it.
        let escaped = ImagePath.candidates(in: #"/tmp/My\ Photos/sea\ 2.webp "#)
        XCTAssertEqual(escaped.first, ImageCandidate(path: "/tmp/My Photos/sea 2.webp", rest: ""))
        let tilde = ImagePath.candidates(in: "~/pics/x.jpeg, only the warm colours")
        XCTAssertEqual(tilde.first, ImageCandidate(path: "~/pics/x.jpeg", rest: "only the warm colours"))
        let around = ImagePath.candidates(in: "calm ./shots/beach.png at dusk")
        XCTAssertEqual(around.first, ImageCandidate(path: "./shots/beach.png", rest: "calm at dusk"))
        XCTAssertEqual(found("file:///tmp/a%20b.png"), ["/tmp/a b.png"])
        // Typed with bare spaces: the run up to the image's name comes first.
        XCTAssertEqual(found("/tmp/my photo.png warm").first, "/tmp/my photo.png")
        XCTAssertEqual(found("photo.png"), ["photo.png"])
    }

    func testWordsThatAreNoPathAreNotLookedAt() {
        XCTAssertEqual(found("calm lake at dawn"), [])
        XCTAssertEqual(found("black / white, and/or grey"), [])
        XCTAssertEqual(found("寧靜的森林早晨"), [])
        XCTAssertEqual(found("it's a 'quoted' word"), [])
    }

    func testPathsResolveFromHomeAndTheWorkingDirectory() {
        XCTAssertEqual(ImagePath.resolve("~/x.png", home: "/home/u", directory: "/w"), "/home/u/x.png")
        XCTAssertEqual(ImagePath.resolve("pics/../x.png", home: nil, directory: "/w"), "/w/x.png")
        XCTAssertEqual(ImagePath.resolve("./a/./b.png", home: nil, directory: "/w/"), "/w/a/b.png")
        XCTAssertEqual(ImagePath.resolve("/abs/x.png", home: "/h", directory: "/w"), "/abs/x.png")
    }

    // MARK: - Generating from a path in the field

    /// Presses Enter on `text` in a fresh state whose relative paths start at `folder`; the read
    /// runs with the live client (real files, real decoder), HOME `folder`.
    private func enter(_ text: String, in folder: String, state: AppState? = nil) -> (AppState, [Effect]) {
        var state =
            state
            ?? AppState(
                width: 80, height: 24, colorMode: .direct, language: .english, providerName: "offline",
                modelName: nil, clock: Fixture.clock(), exportDirectory: folder)
        state.type(text)
        var effects = state.press(.enter)
        guard case .loadImage(let job)? = effects.first else { return (state, effects) }
        effects = state.send(.imageLoaded(id: job.id, ImageClient.live.load(job, home: folder)))
        return (state, effects)
    }

    private func request(_ effects: [Effect]) -> GenerationRequest? {
        for case .generatePalette(_, let request) in effects { return request }
        return nil
    }

    func testAPathToAnImageIsTakenAsTheImageAndTheRestSteers() throws {
        let folder = try TinyPNG.folder()
        try FileManager.default.createDirectory(atPath: folder + "/My Photos", withIntermediateDirectories: true)
        try TinyPNG.write(TinyPNG.quadrants, to: folder + "/My Photos/sea.png")
        for text in [
            #"'\#(folder)/My Photos/sea.png' calmer"#, #"\#(folder)/My\ Photos/sea.png calmer"#,
            "calmer ~/My\\ Photos/sea.png", "\"My Photos/sea.png\" calmer",
        ] {
            let (state, effects) = enter(text, in: folder)
            let asked = try XCTUnwrap(request(effects), text)
            XCTAssertEqual(asked.description, "calmer", text)
            XCTAssertEqual(asked.image?.source, folder + "/My Photos/sea.png", text)
            XCTAssertEqual(asked.image?.picture, TinyPNG.quadrants, text)
            XCTAssertEqual(state.field.text, "calmer", "the path leaves the field: \(text)")
            XCTAssertEqual(state.image.attached?.name, "sea.png")
            XCTAssertEqual(state.request?.lineage.image?.source, folder + "/My Photos/sea.png")
        }
        // A path alone: the picture is the whole request.
        let (_, alone) = enter(folder + "/My\\ Photos/sea.png", in: folder)
        XCTAssertEqual(request(alone)?.description, "")
        XCTAssertNotNil(request(alone)?.image)
    }

    func testANonexistentPathOrANonImageIsAPlainDescription() throws {
        let folder = try TinyPNG.folder()
        try Data("just words\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        for text in ["\(folder)/nothere.png calm", "calm \(folder)/notes.txt", "moody \(folder)"] {
            let (state, effects) = enter(text, in: folder)
            let asked = try XCTUnwrap(request(effects), text)
            XCTAssertEqual(asked.description, text)
            XCTAssertNil(asked.image, text)
            XCTAssertNil(state.image.attached, text)
        }
        // No path at all: no read, the request goes at once.
        let (_, direct) = enter("calm lake", in: folder)
        XCTAssertEqual(request(direct)?.description, "calm lake")
    }

    func testABadImageFileIsTheDecodersSentenceAndTheDescriptionIsKept() throws {
        let folder = try TinyPNG.folder()
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/broken.png"))
        let text = "\(folder)/broken.png warmer"
        let (state, effects) = enter(text, in: folder)
        XCTAssertNil(request(effects))
        XCTAssertEqual(
            state.status?.text, "could not read the image \(folder)/broken.png: it is not a PNG, JPEG or WebP image")
        XCTAssertEqual(state.status?.kind, .error)
        XCTAssertEqual(state.field.text, text)
        XCTAssertNil(state.image.attached)
    }

    func testTheImageStaysForVariationsAndCandidatesUntilEscOnAnEmptyField() throws {
        let folder = try TinyPNG.folder()
        try TinyPNG.write(TinyPNG.quadrants, to: folder + "/q.png")
        var (state, effects) = enter("\(folder)/q.png", in: folder)
        let id = try XCTUnwrap(state.request?.id)
        XCTAssertNotNil(request(effects)?.image)
        state.send(.paletteReceived(requestID: id, .success(Fixture.generated())))
        state.press(.tab, .tab)  // the panes
        XCTAssertNotNil(request(state.press(.character("r")))?.image, "r: a variation of the picture")
        state.send(.paletteReceived(requestID: id + 1, .success(Fixture.generated())))
        XCTAssertNotNil(request(state.press(.character("C")))?.image, "C: candidates from the picture")
        state.press(.escape)
        XCTAssertNotNil(state.image.attached, "Esc cancelled the request, nothing else")
        // Back in the empty field: Esc removes it, and says so.
        state.press(.backTab, .backTab)
        XCTAssertEqual(state.focus, .description)
        state.press(.control("u"))
        state.press(.escape)
        XCTAssertNil(state.image.attached)
        XCTAssertEqual(state.status?.text, "q.png removed: palettes come from the words again.")
        state.type("dusk")
        XCTAssertNil(request(state.press(.enter))?.image)
    }

    func testEscWhileTheImageIsReadDropsTheRead() throws {
        let folder = try TinyPNG.folder()
        try TinyPNG.write(TinyPNG.quadrants, to: folder + "/late.png")
        var state = Fixture.state()
        state.type("\(folder)/late.png dusk")
        let effects = state.press(.enter)
        guard case .loadImage(let job)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(state.status?.text, "Reading the image…")
        state.press(.escape)
        XCTAssertEqual(state.status?.text, "Generation cancelled.")
        XCTAssertTrue(state.send(.imageLoaded(id: job.id, ImageClient.live.load(job, home: nil))).isEmpty)
        XCTAssertNil(state.image.attached)
        XCTAssertNil(state.request)
        XCTAssertEqual(state.field.text, "\(folder)/late.png dusk")
    }

    func testThePromptReadsAPathAndGenerates() throws {
        let folder = try TinyPNG.folder()
        try TinyPNG.write(TinyPNG.quadrants, to: folder + "/p.png")
        var state = AppState(
            width: 80, height: 24, colorMode: .direct, language: .traditionalChinese, providerName: "offline",
            modelName: nil, clock: Fixture.clock(), exportDirectory: folder)
        state.type("warm")
        state.press(.control("o"))
        XCTAssertEqual(state.keyScope, .imagePath)
        XCTAssertEqual(state.status?.text, ImageAppText.promptHint(.traditionalChinese))
        XCTAssertEqual(state.field.text, "warm", "the description waits under the prompt")
        _ = state.send(.keyPressed(.paste("'\(folder)/p.png'")))
        let effects = state.press(.enter)
        guard case .loadImage(let job)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertTrue(job.named)
        XCTAssertEqual(job.paths, ["\(folder)/p.png"])
        let asked = request(state.send(.imageLoaded(id: job.id, ImageClient.live.load(job, home: folder))))
        XCTAssertEqual(asked?.description, "warm")
        XCTAssertEqual(asked?.image?.source, "\(folder)/p.png")
        // A path to nothing: the decoder's sentence, in the user's language.
        state.press(.escape)
        state.press(.control("o"))
        state.type("nothere.png")
        let missing = state.press(.enter)
        guard case .loadImage(let job2)? = missing.first else { return XCTFail("\(missing)") }
        state.send(.imageLoaded(id: job2.id, ImageClient.live.load(job2, home: folder)))
        XCTAssertEqual(state.status?.text, "無法讀取圖片 nothere.png：沒有這個檔案")
    }

    // MARK: - Thumbnail

    func testAreaAveragingWithLiteralColours() {
        let two = TinyPNG.picture(width: 2, height: 2) { x, y in
            [
                [RGB(r: 0, g: 0, b: 0), RGB(r: 255, g: 255, b: 255)],
                [RGB(r: 255, g: 0, b: 0), RGB(r: 0, g: 0, b: 255)],
            ][y][x]
        }
        let one = Thumbnail.cells(two, columns: 1, rows: 1)
        XCTAssertEqual(one.count, 1)
        XCTAssertEqual(one[0].count, 1)
        XCTAssertEqual(one[0][0].upper, RGB(r: 128, g: 64, b: 128))
        XCTAssertNil(one[0][0].lower, "one pixel high: the lower half is the terminal's")
        // Three pixels into two: the middle one is split between them.
        let three = TinyPNG.picture(width: 3, height: 1) { x, _ in
            [RGB(r: 0, g: 0, b: 0), RGB(r: 90, g: 90, b: 90), RGB(r: 255, g: 255, b: 255)][x]
        }
        let halves = Thumbnail.areaAverage(three, width: 2, height: 1)
        XCTAssertEqual(halves.color(x: 0, y: 0), RGB(r: 30, g: 30, b: 30))
        XCTAssertEqual(halves.color(x: 1, y: 0), RGB(r: 200, g: 200, b: 200))
        // The quadrants in two cells: upper pixel red / green, lower blue / white.
        let quad = Thumbnail.cells(TinyPNG.quadrants, columns: 2, rows: 1)
        XCTAssertEqual(quad[0].map(\.upper), [TinyPNG.red, TinyPNG.green])
        XCTAssertEqual(quad[0].map(\.lower), [TinyPNG.blue, TinyPNG.white])
    }

    private func showing(
        _ picture: RGBImage, name: String, width: Int = 80, height: Int = 24, mode: ColorMode = .direct
    )
        -> AppState
    {
        var state = Fixture.state(width: width, height: height, mode: mode)
        state.image.attached = AttachedImage(
            input: ImageInput(picture: picture, source: "/pics/" + name, checksum: "sha256:00"))
        state.type("sea")
        state.press(.enter)
        state.send(.paletteReceived(requestID: 1, .success(Fixture.generated())))
        return state
    }

    func testTheThumbnailIsHalfBlocksBesideThePanes() throws {
        let state = showing(TinyPNG.quadrants, name: "quad.png")
        let canvas = state.render()
        let rect = try XCTUnwrap(state.layout.thumbnail)
        XCTAssertEqual(rect.width, 16)
        XCTAssertEqual(rect.x + rect.width, 79, "right of the panes, inside the frame")
        XCTAssertLessThan(state.layout.panes[2].x + state.layout.panes[2].width, rect.x)
        // 80 × 24: 5 rows for the picture, a 4 × 4 picture drawn 10 × 10 pixels, centred.
        let x0 = rect.x + 3
        let y0 = rect.y
        func cell(_ dx: Int, _ dy: Int) -> Cell { canvas[x0 + dx, y0 + dy] }
        XCTAssertEqual(cell(0, 0).text, "▀")
        XCTAssertEqual(cell(0, 0).style.foreground, .rgb(TinyPNG.red))
        XCTAssertEqual(cell(0, 0).style.background, .rgb(TinyPNG.red))
        XCTAssertEqual(cell(9, 0).style.foreground, .rgb(TinyPNG.green))
        // The middle row: red over blue, green over white.
        XCTAssertEqual(cell(4, 2).style.foreground, .rgb(TinyPNG.red))
        XCTAssertEqual(cell(4, 2).style.background, .rgb(TinyPNG.blue))
        XCTAssertEqual(cell(5, 2).style.foreground, .rgb(TinyPNG.green))
        XCTAssertEqual(cell(5, 2).style.background, .rgb(TinyPNG.white))
        XCTAssertEqual(cell(0, 4).style.background, .rgb(TinyPNG.blue))
        XCTAssertEqual(cell(10, 0).text, " ", "ten pixels wide")
        let nameRow = (rect.x..<(rect.x + rect.width)).map { canvas[$0, rect.y + rect.height - 1].text }.joined()
        XCTAssertEqual(nameRow, "quad.png        ")
    }

    func testWithoutColourOnlyTheNameAndInSmallTerminalsNothingSpills() throws {
        let state = showing(TinyPNG.quadrants, name: "quad.png", mode: .none)
        let canvas = state.render()
        XCTAssertFalse(canvas.cells.contains { $0.text == "▀" })
        let rect = try XCTUnwrap(state.layout.thumbnail)
        XCTAssertEqual(canvas[rect.x, rect.y].text, "I")
        XCTAssertEqual(canvas[rect.x, rect.y + rect.height - 1].text, "q")
        // Every size from tiny up: no thumbnail cell outside its column, none past the edge.
        for width in [1, 10, 39, 40, 45, 59, 60, 61, 75, 200] {
            for height in [1, 5, 11, 12, 13, 19, 20, 40] {
                var small = showing(TinyPNG.quadrants, name: "a-very-long-file-name.png", width: width, height: height)
                small.send(.resized(width: width, height: height))
                let frame = small.render()
                XCTAssertEqual(frame.width, width)
                guard let rect = small.layout.thumbnail, !small.layout.isTooSmall else {
                    XCTAssertFalse(frame.cells.contains { $0.text == "▀" }, "\(width)×\(height)")
                    continue
                }
                XCTAssertLessThanOrEqual(rect.x + rect.width, width - 1, "\(width)×\(height)")
                for y in 0..<height {
                    for x in 0..<width where frame[x, y].text == "▀" {
                        XCTAssertTrue(
                            x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height - 1,
                            "\(width)×\(height): a half block at \(x),\(y) outside \(rect)")
                    }
                }
            }
        }
    }

    // MARK: - History

    func testHistoryMarksTheImageAndReopeningChecksTheFile() throws {
        let folder = try TinyPNG.folder()
        try TinyPNG.write(TinyPNG.quadrants, to: folder + "/h.png")
        let now = ImageClient.live.load(
            ImageLoadJob(id: 1, paths: [folder + "/h.png"], directory: "/", named: true), home: nil)
        guard case .loaded(let current, _) = now else { return XCTFail("\(now)") }
        func entry(checksum: String, source: String = folder + "/h.png") -> HistoryEntry {
            HistoryEntry(
                id: "img", created: Fixture.now, description: "calmer", palette: Fixture.palette, provider: "offline",
                model: nil, lineage: HistoryEntry.Lineage(image: ImageReference(source: source, checksum: checksum)))
        }
        let cases: [(HistoryEntry, String)] = [
            (
                entry(checksum: current.input.checksum),
                "h.png is still there and unchanged (same checksum); it is attached again."
            ),
            (
                entry(checksum: "sha256:0"),
                "h.png has changed since this palette was made (another checksum); the file as it is now is attached."
            ),
            (
                entry(checksum: "sha256:0", source: folder + "/gone.png"),
                "could not read the image \(folder)/gone.png: there is no such file; the palette's words are in the field, without the image."
            ),
        ]
        // The lineage panel's step names the picture.
        XCTAssertEqual(WorkbenchText.made(cases[0].0.lineage, .english), "from image h.png")
        XCTAssertEqual(WorkbenchText.made(cases[0].0.lineage, .simplifiedChinese), "取自图片 h.png")
        for (stored, said) in cases {
            var state = Fixture.state()
            state.send(.historyLoaded([stored], warnings: []))
            state.press(.tab, .tab, .tab)
            XCTAssertEqual(state.focus, .history)
            let row = (0..<80).map { state.render()[$0, state.layout.historyList.y].text }.joined()
            XCTAssertTrue(row.contains("▣ h.png calmer") || row.contains("▣ gone.png calmer"), row)
            let effects = state.press(.enter)
            guard case .loadImage(let job)? = effects.first else { return XCTFail("\(effects)") }
            state.send(.imageLoaded(id: job.id, ImageClient.live.load(job, home: nil)))
            XCTAssertEqual(state.status?.text, said)
            XCTAssertEqual(state.field.text, "calmer")
        }
    }
}
