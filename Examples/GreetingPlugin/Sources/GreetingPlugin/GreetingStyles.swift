/// The greeting's stylesheet, scoped under `.greeting`; light and dark both meet WCAG AA.
enum GreetingStyles {
    static let css = """
        .greeting {
          --greeting-accent: #414598;
          --greeting-text: #1c1c28;
          --greeting-muted: #55566a;
          --greeting-surface: #ffffff;
          --greeting-border: #c9cae0;
          max-width: 32rem; margin: 3rem auto; padding: 1.5rem 2rem; border: 2px solid var(--greeting-border);
          border-radius: 1rem; background: var(--greeting-surface); color: var(--greeting-text);
          font: 1rem/1.5 system-ui, sans-serif;
        }
        @media (prefers-color-scheme: dark) {
          .greeting {
            --greeting-accent: #a9adf5;
            --greeting-text: #ececf4;
            --greeting-muted: #b4b5c8;
            --greeting-surface: #1d1e2c;
            --greeting-border: #44466a;
          }
        }
        .greeting .greeting-title { margin: 0 0 1rem; font-size: 1rem; color: var(--greeting-accent); }
        .greeting .greeting-hello { margin: 0 0 1rem; font-size: 1.5rem; font-weight: 700; }
        .greeting .greeting-row { display: flex; gap: 1rem; font-variant-numeric: tabular-nums; }
        .greeting .greeting-label { min-width: 5rem; color: var(--greeting-muted); }
        .greeting .greeting-paused { color: var(--greeting-muted); }
        .greeting .greeting-actions { display: flex; align-items: center; gap: 1rem; margin-top: 1.25rem; }
        .greeting .greeting-wave {
          font: inherit; font-weight: 600; padding: 0.4rem 1.25rem; border-radius: 0.5rem; cursor: pointer;
          border: 2px solid var(--greeting-accent); background: var(--greeting-accent); color: var(--greeting-surface);
        }
        .greeting .greeting-wave:focus-visible { outline: 3px solid var(--greeting-accent); outline-offset: 3px; }
        .greeting .greeting-waves { color: var(--greeting-muted); }
        """
}
