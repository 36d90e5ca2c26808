"""Building HTML strings safely.

Views render by writing one innerHTML string (fast in Pyodide). Every piece of
text is escaped unless it is wrapped in `Markup`, which only our own code and
our own rules pages use, never user text.
"""


def escape(value: str) -> str:
    # The stdlib's html.escape would import html.entities: ~150 ms of start-up in Pyodide.
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


class Markup(str):
    """A string that is already HTML and must not be escaped again."""


def text(value) -> Markup:
    return value if isinstance(value, Markup) else Markup(escape(str(value)))


def attrs(values: dict) -> str:
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(f" {name}" if value is True else f' {name}="{escape(str(value))}"')
    return "".join(parts)


VOID_TAGS = {"br", "hr", "img", "input", "meta", "link"}


def h(tag: str, props: dict | None = None, *children) -> Markup:
    """An element: h("a", {"href": "#/"}, "Home"). Children are strings, Markups or lists."""
    opening = f"<{tag}{attrs(props or {})}>"
    if tag in VOID_TAGS:
        return Markup(opening)
    return Markup(opening + join(children) + f"</{tag}>")


def join(children) -> Markup:
    out = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (list, tuple)):
            out.append(join(child))
        else:
            out.append(text(child))
    return Markup("".join(out))
