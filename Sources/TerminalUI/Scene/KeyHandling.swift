/// Whether a scene used a key; the shell acts on ignored ones (Esc and q go back).
public enum KeyHandling: Sendable, Equatable { case handled, ignored }
