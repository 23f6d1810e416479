import PaletteCore

/// The chosen provider first; another (the offline engine) when it fails for a reason the
/// user cannot fix now.
///
/// The decision reads only the provider-neutral `ProviderFailure.fallsBack` (outages, rate
/// limits and quotas, network and timeout failures, blocked or unusable answers), so every
/// provider gets the same policy; it never catches a provider's own error type. No fallback on
/// cancellation, on configuration mistakes (bad or missing key, no permission, unknown model,
/// bad endpoint: those would otherwise hide behind offline palettes for ever), nor on a request
/// the primary cannot honour; nor when the fallback cannot honour every field the request uses
/// (the primary's failure is thrown). The palette it returns carries the primary's failure as
/// `fallbackReason`.
public struct FallbackProvider: PaletteProvider {
    public let primary: any PaletteProvider
    public let fallback: any PaletteProvider

    public init(primary: any PaletteProvider, fallback: any PaletteProvider) {
        self.primary = primary
        self.fallback = fallback
    }

    public var name: String { primary.name }
    public var model: String? { primary.model }
    public var supportedFields: Set<GenerationRequest.Field> { primary.supportedFields }

    public func generate(_ request: GenerationRequest) async throws -> GeneratedPalette {
        do {
            return try await primary.generate(request)
        } catch {
            let failure = ProviderFailure.from(error, provider: primary.name, cancelled: Task.isCancelled)
            guard failure.fallsBack else { throw failure }
            if Task.isCancelled { throw ProviderFailure.cancelled(provider: primary.name) }
            // A stand-in that would drop part of the request (a locked colour, say) is no
            // stand-in: the user hears why the chosen provider failed, not what the other lacks.
            guard request.usedFields.isSubset(of: fallback.supportedFields) else { throw failure }
            var result = try await fallback.generate(request)
            result.fallbackReason = failure
            return result
        }
    }
}
