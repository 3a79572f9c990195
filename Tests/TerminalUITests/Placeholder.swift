// TerminalUI tests arrive with the TerminalUI kit.
