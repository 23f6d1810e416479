import Gemini
import Ollama
import OpenAI
import PaletteCore
import PaletteEngine
import ProviderKit

/// Every provider this build offers, in the order the automatic choice tries them after the
/// offline engine, which needs nothing and is the last resort and the fallback. The command
/// line's choices, its help and man page, the settings file's provider names, the automatic
/// choice and `providers` all read this list; adding a provider is a new module exporting a
/// `ProviderDescriptor` and one line here (and its name in this target's dependencies).
public let providerList: [ProviderDescriptor] = [
    offlineDescriptor,
    GeminiClient.descriptor,
    OpenAIClient.descriptor,
    OllamaClient.descriptor,
]

/// The offline engine as a provider: nothing configures it, nothing is sent.
public let offlineDescriptor = ProviderDescriptor(
    facts: ProviderFacts(id: OfflineEngine().name, label: "offline engine", configuredBy: []), probe: nil,
    make: { _, _ in OfflineEngine() })
