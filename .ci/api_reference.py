"""Renders the symbol graphs `swift package dump-symbol-graph` writes into docs/api: one Markdown page per module of
the public surface a feature author uses, and an index. Run by .ci/api-reference.sh; never edit its output.

  api_reference.py SYMBOLGRAPH_DIR REPO_ROOT OUT_DIR

Everything printed comes from the compiler's graph (declarations, doc comments, conformances, the file a symbol is
declared in, relative to the repository), sorted, so the same code always gives the same bytes."""
import json
import pathlib
import sys

# The modules a feature author (compiled in, in a plugin package or in an app) builds on, in reading order.
MODULES = [
    ("FeatureHostCore", "the protocols (`Feature`, `Presenter`, `DataSource`), manifests, settings, contexts, clocks"),
    ("DataSources", "the configured sources, their cache and transport, `FeatureContext.standard`"),
    ("TerminalUI", "terminal scenes: `Frame`, `Key`, views, `TextDriver`"),
    ("WebUI", "web scenes: `WebScene`, `PageEvent`, `WebAssets`, the app; re-exports WebHTML and WebServer"),
    ("WebHTML", "typed HTML: `HTML`, `@HTMLBuilder`, the tags, `HTMLAttribute`"),
    ("WebServer", "the HTTP/1.1 server: `HTTPServer`, its configuration and `ServerClock`"),
    ("FeatureHostTesting", "tests: `TestHost`, `GoldenFile`, `LoopbackHTTPServer`"),
    ("WebUITesting", "web tests: `RecordingSink`, `RawHTTPClient`, `ManualServerClock`"),
    ("FeatureHostPluginKit", "a dynamic plugin's entry symbols: `PluginExport`"),
    ("FeatureHostApp", "an app's whole command line in one call: `FeatureHostApp`"),
    ("FeatureHostRuntime", "for an app's own surface: config loading and validation, the registry, plugins, `HostSession`"),
]

TYPE_KINDS = {
    "swift.struct": "struct", "swift.class": "class", "swift.enum": "enum", "swift.protocol": "protocol",
    "swift.actor": "actor", "swift.typealias": "typealias", "swift.macro": "macro",
}
# Members in this order, then by name and declaration.
MEMBER_ORDER = [
    "swift.associatedtype", "swift.enum.case", "swift.init", "swift.type.property", "swift.type.method",
    "swift.property", "swift.method", "swift.subscript", "swift.type.subscript", "swift.func.op",
]


def declaration(symbol):
    return "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", [])).strip()


def doc(symbol):
    lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def location(symbol, root):
    uri = symbol.get("location", {}).get("uri", "")
    path = uri.removeprefix("file://")
    try:
        return str(pathlib.Path(path).relative_to(root))
    except ValueError:
        return ""


def code_span(text):
    text = " ".join(text.split())
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def load(directory, module):
    """The module's own graph and its extensions to other modules' types (`Module@Other.symbols.json`)."""
    symbols, relationships = [], []
    for path in sorted(directory.glob(f"{module}.symbols.json")) + sorted(directory.glob(f"{module}@*.symbols.json")):
        graph = json.loads(path.read_text())
        symbols += graph["symbols"]
        relationships += graph["relationships"]
    # Underscored names are the compiler's or a workaround's, never API.
    symbols = [s for s in symbols if not any(part.startswith("_") for part in s["pathComponents"])]
    return symbols, relationships


def render_module(directory, root, module, summary):
    symbols, relationships = load(directory, module)
    by_id = {s["identifier"]["precise"]: s for s in symbols}
    types = {tuple(s["pathComponents"]): s for s in symbols if s["kind"]["identifier"] in TYPE_KINDS}
    members, free = {}, []
    for s in symbols:
        path = tuple(s["pathComponents"])
        if path in types:
            continue
        owner = path[:-1]
        if owner:
            members.setdefault(owner, []).append(s)
        else:
            free.append(s)
    conformances = {}
    for r in relationships:
        if r["kind"] in ("conformsTo", "inheritsFrom") and r["source"] in by_id:
            target = by_id.get(r["target"])
            name = ".".join(target["pathComponents"]) if target else r.get("targetFallback", r["target"])
            name = name.removeprefix("Swift.")
            # What every type gets from the compiler says nothing about this one.
            if name not in ("Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"):
                conformances.setdefault(r["source"], set()).add(name)

    out = [f"# {module}", "", f"{summary[0].upper()}{summary[1:]}.", "",
           "Generated from the code by `bash .ci/api-reference.sh` (`swift package dump-symbol-graph`); do not edit.",
           "[All modules](README.md).", ""]
    sections = sorted(set(types) | set(members))
    out.append("## Contents")
    out.append("")
    for path in sections:
        kind = TYPE_KINDS.get(types[path]["kind"]["identifier"], "") if path in types else "extension"
        out.append(f"- [{'.'.join(path)}](#{anchor(path)}) ({kind})")
    if free:
        out.append("- [Functions and variables](#functions-and-variables)")
    out.append("")
    for path in sections:
        name = ".".join(path)
        out.append(f'<a id="{anchor(path)}"></a>')
        out.append(f"## {name}")
        out.append("")
        symbol = types.get(path)
        if symbol is None:
            out.append(f"An extension of `{name}`, a type of another module.")
            out.append("")
        else:
            where = location(symbol, root)
            out.append("```swift")
            out.append(declaration(symbol))
            out.append("```")
            out.append("")
            if where:
                out.append(f"Declared in `{where}`.")
                out.append("")
            out += doc(symbol)
            if doc(symbol):
                out.append("")
            adopted = sorted(conformances.get(symbol["identifier"]["precise"], ()))
            if adopted:
                out.append("Conforms to " + ", ".join(f"`{c}`" for c in adopted) + ".")
                out.append("")
        out += render_members(members.get(path, []))
    if free:
        out.append("## Functions and variables")
        out.append("")
        out += render_members(free)
    return "\n".join(out).rstrip() + "\n", len(symbols)


def render_members(symbols):
    def order(s):
        kind = s["kind"]["identifier"]
        rank = MEMBER_ORDER.index(kind) if kind in MEMBER_ORDER else len(MEMBER_ORDER)
        return (rank, s["names"]["title"], declaration(s))

    out = []
    for s in sorted(symbols, key=order):
        out.append(f"- {code_span(declaration(s))}")
        for line in doc(s):
            out.append(f"  {line}".rstrip())
    if out:
        out.append("")
    return out


def anchor(path):
    return "-".join(part.lower() for part in path)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    directory, root, out = (pathlib.Path(a).resolve() for a in sys.argv[1:])
    out.mkdir(parents=True, exist_ok=True)
    index = [
        "# API reference",
        "",
        "The public API a feature author uses, one page per module, generated from the code by",
        "`bash .ci/api-reference.sh`: `swift package dump-symbol-graph` (the compiler's symbol graphs), rendered by",
        "`.ci/api_reference.py`. `.ci/run` fails when these pages differ from the code, so they cannot drift; after",
        "changing a public declaration or its doc comment, run the script and commit the pages.",
        "",
        "A compiled-in feature imports these modules directly; a plugin package depends on the library products of",
        "the same names (`FeatureHostPluginKit` for the library, `FeatureHostTesting` for its tests), and an app on",
        "the ones it uses. [writing-a-feature.md](../writing-a-feature.md) shows them in use.",
        "",
        "| module | what it holds | public symbols |",
        "| --- | --- | --- |",
    ]
    for module, summary in MODULES:
        if not (directory / f"{module}.symbols.json").exists():
            sys.exit(f"api_reference.py: {directory} has no symbol graph for {module}")
        page, count = render_module(directory, root, module, summary)
        (out / f"{module}.md").write_text(page)
        index.append(f"| [{module}]({module}.md) | {summary} | {count} |")
    (out / "README.md").write_text("\n".join(index) + "\n")


if __name__ == "__main__":
    main()
