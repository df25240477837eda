"""press.rl_platypus: platypus imports with only its slow wide-range patterns deferred, and a
deferred pattern answers as the compiled one does."""

from __future__ import annotations

import re
import subprocess
import sys

from generator.press import rl_platypus


def test_only_patterns_with_a_wide_range_are_slow():
    assert rl_platypus.slow_to_compile("[a-z\xa1-\uffff0-9]+", re.I)
    assert rl_platypus.slow_to_compile(r"[\u0100-\uffff]", re.IGNORECASE | re.M)
    assert rl_platypus.slow_to_compile("([\u2e80-\uffff])", re.UNICODE)  # case kept: still every code point
    assert not rl_platypus.slow_to_compile("[a-zA-Z0-9_-]+(?:25[0-5]|2[0-4])", re.I)
    assert not rl_platypus.slow_to_compile("[\u2000-\u200b]", 0)  # narrow
    assert not rl_platypus.slow_to_compile(b"[a-z]", re.I)


def test_a_deferred_pattern_answers_as_the_compiled_one():
    src = "(^(?:[a-z0-9\\.\\-\\+]*)://)(?:[a-z\xa1-\uffff0-9-]{1,63}\\.)+[a-z\xa1-\uffff-]{2,63}\\Z"
    lazy, real = rl_platypus.LazyPattern(src, re.I), re.compile(src, re.I)
    for text in ("http://example.com", "HTTPS://Ünïcode.Example.ORG", "not a url", "ftp://a.b"):
        got, want = lazy.match(text), real.match(text)
        assert (got and got.span()) == (want and want.span())
        assert lazy.findall(text) == real.findall(text)
    assert lazy.pattern == real.pattern and lazy.flags == real.flags


def test_importing_platypus_through_it_defers_only_the_url_and_cjk_patterns():
    code = """
import re, sys
real = re.compile
import generator.press.flow  # imports platypus through rl_platypus
from generator.press import rl_platypus
assert re.compile is real
lazy = []
for name, mod in list(sys.modules.items()):
    if name.startswith("reportlab") and mod is not None:
        for key, value in vars(mod).items():
            if isinstance(value, rl_platypus.LazyPattern):
                lazy.append(f"{name}.{key}")
                want = real(value.pattern, value.flags)
                for url in ("http://parlour.example/rules", "www.example.org", "mailto:x", "plain", "\u6771\u4eac"):
                    m, w = value.match(url), want.match(url)
                    assert (m and m.span()) == (w and w.span()), url
print(",".join(sorted(lazy)))
"""
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["reportlab.lib.textsplit.rx,reportlab.platypus.paragraph.uri_pat"]
