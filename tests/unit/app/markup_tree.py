"""The drawn markup read as a tree, for the tests of the drawing modules:
parse(markup) -> Node, then node.all(tag, cls, **attrs) / node.one(...) /
node.by_id(...), where attrs name attributes with "_" for "-"
(data_action="undo" is data-action="undo"). A tag closed out of order or
left open fails the test."""

from html.parser import HTMLParser

VOID = {"br", "hr", "img", "input", "meta", "link"}


class Node:
    def __init__(self, tag: str, attrs: dict, parent: "Node | None" = None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list = []  # Nodes and text

    @property
    def classes(self) -> set:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self):
        """Every element below this one, in document order."""
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.walk()

    def all(self, tag=None, cls=None, **attrs) -> list:
        """The elements below with this tag, this class among theirs and these attributes."""
        return [
            n
            for n in self.walk()
            if (tag is None or n.tag == tag)
            and (cls is None or cls in n.classes)
            and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]

    def one(self, tag=None, cls=None, **attrs) -> "Node":
        """The one element below that matches (the test fails unless exactly one does)."""
        found = self.all(tag, cls, **attrs)
        assert len(found) == 1, f"{len(found)} matches for {tag} {cls} {attrs}"
        return found[0]

    def by_id(self, element_id: str) -> "Node":
        return self.one(id=element_id)


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Node("#root", {})

    def handle_starttag(self, tag, attrs):
        node = Node(tag, _attrs(attrs), self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Node(tag, _attrs(attrs), self.at))

    def handle_endtag(self, tag):
        assert self.at.tag == tag, f"</{tag}> closes <{self.at.tag}>"
        self.at = self.at.parent

    def handle_data(self, data):
        self.at.children.append(data)


def _attrs(pairs: list) -> dict:
    return {name: "" if value is None else value for name, value in pairs}


def parse(markup) -> Node:
    """The markup (a string, or anything whose str() is markup) as a tree."""
    builder = _TreeBuilder()
    builder.feed(str(markup))
    builder.close()
    assert builder.at is builder.root, "an element was left open"
    return builder.root
