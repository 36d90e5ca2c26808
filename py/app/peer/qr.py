"""A QR code of a link or a code, as an SVG data address for an <img> (segno, pure Python)."""


def qr_data_uri(text: str) -> str:
    import segno  # imported when first needed: only this screen draws QR codes

    # Error correction L keeps a 700-character invite at a size phones' cameras read well.
    code = segno.make(text, error="l", micro=False)
    return code.svg_data_uri(scale=4, border=4, dark="#000", light="#fff")
