from urllib.parse import unquote

from app.peer.qr import qr_data_uri


def test_an_invite_link_becomes_an_svg_qr_code_for_an_img():
    link = "https://example.org/gemau/#/connect?invite=" + "Ab-_" * 150
    uri = qr_data_uri(link)
    assert uri.startswith("data:image/svg+xml")
    svg = unquote(uri.split(",", 1)[1])
    assert svg.startswith("<svg") and "<script" not in svg
    assert qr_data_uri(link) == uri  # the same link, the same picture
