"""`parlour serve`: the family's page on a local web server (Flask on waitress, the web extra)."""

from __future__ import annotations

import ipaddress

import click

from generator.errors import ParlourError

INSTALL_HINT = "parlour serve needs the web extra: pip install 'parlour[web]' (flask and waitress)"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets the family's phones reach it.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
def serve(host: str, port: int, no_browser: bool) -> None:
    """Serve the family's page: choose, preview and print; referee from a phone.

    \b
    Listens on this computer only unless --host says otherwise; prints the address on stderr and
    opens it in your browser. Ctrl-C stops it.

    \b
    Example:
      parlour serve
      parlour serve --host 0.0.0.0 --port 8080 --no-browser
    """
    try:
        import flask  # noqa: F401
        import waitress
    except ImportError:
        raise ParlourError(INSTALL_HINT) from None
    from generator.web.app import create_app

    app = create_app(host, port)
    try:
        # Builds run in worker processes (build.py); a request thread only waits on a download or
        # a preview, so threads are cheap: enough that the referee never waits behind them.
        server = waitress.create_server(app, host=host, port=port, threads=48, ident="parlour")
    except OSError as e:
        raise ParlourError(
            f"cannot listen on {host}:{port} ({e.strerror or e}): give another --port"
        ) from None
    bound = int(getattr(server, "effective_port", port) or port)
    app.config["PARLOUR_ADDRESS"] = (host, bound)
    from generator.web.app import warm_page

    warm_page()  # the commands' declarations read once now, so that the first visit paints at once
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{f'[{shown_host}]' if ':' in shown_host else shown_host}:{bound}/"
    if not _loopback(host):
        click.echo(
            f"warning: listening on {host}: anyone on your network can open this page and print with it",
            err=True,
        )
    click.echo(f"parlour is serving at {url} (Ctrl-C stops it)", err=True)
    if host in ("0.0.0.0", "::", ""):
        from generator.web.phone import network_address, qr_terminal

        phone = network_address(bound)
        if phone is not None:
            click.echo(f"on a phone or tablet on the same network, open {phone}", err=True)
            drawn = qr_terminal(phone)
            if drawn:
                click.echo("or point its camera at this code:", err=True)
                click.echo(drawn, err=True, nl=False)
    import threading

    from generator.web import referee

    # Today's Doublets made now (in a worker), so that the page finds it ready.
    threading.Thread(target=referee.warm, name="parlour-warm", daemon=True).start()
    if not no_browser:
        import webbrowser

        webbrowser.open(url)
    import logging

    from generator.web import build

    try:
        server.run()  # waitress returns from here on Ctrl-C (SIGINT) or SIGTERM, after its workers stop
    except KeyboardInterrupt:
        pass
    finally:
        # a request still waiting on a build when the server stops is dropped quietly
        logging.getLogger("waitress").setLevel(logging.CRITICAL)
        build.stop()  # the build workers ended, their temporary files removed
        server.close()
    click.echo("parlour serve stopped", err=True)
