"""Reaching the page from a phone: this machine's address on the network, and a QR code of it
(segno, in the web extra) for the terminal and the page."""

from __future__ import annotations

import io


def network_address(port: int) -> str | None:
    """The address a phone on the same network opens: this machine's own address on the network
    its traffic leaves by (a UDP socket "connected" to a documentation address sends nothing)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            ip = s.getsockname()[0]
    except OSError:
        try:
            ip = socket.gethostbyname(socket.gethostname())
        except OSError:
            return None
    if not ip or ip.startswith("127.") or ip == "0.0.0.0":
        return None
    return f"http://{ip}:{port}/"


def qr_svg(url: str) -> str:
    """A QR code of `url` as an SVG element for the page ("" without the segno library)."""
    try:
        import segno
    except ImportError:
        return ""
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=5, border=2, xmldecl=False, svgns=True, title=url)
    return buf.getvalue().decode("utf-8")


def qr_terminal(url: str) -> str:
    """A QR code of `url` drawn with block characters ("" without the segno library)."""
    try:
        import segno
    except ImportError:
        return ""
    buf = io.StringIO()
    segno.make(url, error="m").terminal(out=buf, compact=True, border=2)
    return buf.getvalue()
