"""respell: the one way printed prose follows --spelling."""

from __future__ import annotations

import pytest

from generator.words.spelling import PROSE_PAIRS, other_forms, respell


def test_us_and_uk_forms_both_ways_with_case_kept():
    uk = "Centre of the grey board; neighbouring cells; GREY labels; off-centre; judgement; 0.5 millimetres"
    us = "Center of the gray board; neighboring cells; GRAY labels; off-center; judgment; 0.5 millimeters"
    assert respell(uk, "us") == us
    assert respell(us, "uk") == uk
    assert respell(uk, "uk") == uk and respell(us, "us") == us


def test_only_whole_words_change():
    assert respell("centrepiece greyhound metres", "us") == "centrepiece greyhound meters"
    assert respell("practise", "us") == "practice"
    assert respell("practice", "uk") == "practice"  # a UK noun too: never turned into the verb


def test_every_pair_round_trips():
    for uk, us in PROSE_PAIRS:
        assert respell(uk, "us") == us
        if us != "practice":
            assert respell(us, "uk") == uk


def test_other_forms_are_the_ones_a_spelling_never_prints():
    assert "centre" in other_forms("us") and "center" not in other_forms("us")
    assert "gray" in other_forms("uk") and "grey" not in other_forms("uk")


@pytest.mark.parametrize("bad", ["fr", "US ", ""])
def test_unknown_spelling_is_refused(bad):
    with pytest.raises(ValueError, match="not one of us, uk"):
        respell("centre", bad)
