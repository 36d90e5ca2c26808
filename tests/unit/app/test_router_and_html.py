import pytest
from app.html import Markup, h
from app.router import href, parse


@pytest.mark.parametrize(
    "hash_text, page, params, detail",
    [
        ("", "hub", {}, None),
        ("#/", "hub", {}, None),
        ("#/marbles", "marbles", {}, None),
        ("#/marbles?seed=42&version=4", "marbles", {"seed": "42", "version": "4"}, None),
        ("#/rules/dominoes", "rules", {}, "dominoes"),
        ("#/rules/nothing", "hub", {}, None),
        ("#/nowhere?x=1", "hub", {}, None),
        ("#/settings", "settings", {}, None),
        ("#/stats", "stats", {}, None),
    ],
)
def test_routes(hash_text, page, params, detail):
    route = parse(hash_text)
    assert (route.page, route.params, route.detail) == (page, params, detail)


def test_href_round_trips():
    assert parse(href("marbles", seed=7)).params == {"seed": "7"}
    assert href("hub") == "#/"
    assert href("rules", "wordle") == "#/rules/wordle"


def test_text_is_escaped_and_markup_is_not():
    html = h("p", {"title": '"x"'}, "<script>alert(1)</script>", Markup("<b>ok</b>"))
    assert html == '<p title="&quot;x&quot;">&lt;script&gt;alert(1)&lt;/script&gt;<b>ok</b></p>'


def test_boolean_and_none_attributes():
    assert (
        h("input", {"checked": True, "disabled": False, "value": None, "data_x": 1})
        == '<input checked data-x="1">'
    )


def test_query_values_are_decoded_and_encoded():
    assert parse("#/wordle?name=Siân%20Jones&x=a+b&empty=").params == {
        "name": "Siân Jones",
        "x": "a b",
        "empty": "",
    }
    assert href("wordle", name="Siân & Dafydd") == "#/wordle?name=Si%C3%A2n%20%26%20Dafydd"
    assert parse(href("wordle", name="Siân & Dafydd=1")).params == {"name": "Siân & Dafydd=1"}


def test_quotes_are_escaped_in_text_and_attributes():
    assert h("p", {"title": "it's"}, "'") == '<p title="it&#x27;s">&#x27;</p>'


def test_int_param_refuses_missing_bad_and_out_of_range_values():
    from app.router import int_param

    assert int_param({"seed": "42"}, "seed", 0, 100) == 42
    assert int_param({}, "seed", 0, 100) is None
    assert int_param({"seed": "x"}, "seed", 0, 100, default=7) == 7
    assert int_param({"speed": "500"}, "speed", 1, 100, default=1) == 1
