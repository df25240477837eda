"""Decide parlour's print vocabulary at lexicon-build time (used by scripts/build_lexicon.py).

The policy (also written at the top of generator/data/lexicon.txt and in scripts/README.md):
a word of the standard tier is printed only if no rule below puts it out. The first rule that
fires names the category recorded for the word.

- curated: on generator/data/not_puzzle_ends.txt (fragments, letter names, interjections,
  name-like and unwelcome words read by eye).
- vulgar, slur, sexual, excretory: ANY salient WordNet sense of the word (or of its base form:
  bras -> bra, tokes -> toke) is labelled obscene/vulgar or ethnic slur/disparaging (usage
  domain pointers ';u' or the gloss), or sits under a sexual, intimate-clothing or excretory
  synset (hypernym closure), or its gloss says so. A sense is salient when the word is one of
  the first two names of its synset, or the synset has at most three names: "ball" is the
  fourth name of the testicle synset and stays; "snot" is the only name of nasal mucus and goes.
- drugs, violence (crime, killing, weapons), slang, archaic, abbreviation: the word's MAIN
  sense (WordNet's most frequent sense of any part of speech) is of that kind: "pot" and "weed"
  stay (their main senses are a pan and a plant), "toke", "thug" and "kidnap" go.
- abbreviation also covers lowercase entries of SCOWL's abbreviation lists (tech, intro).
- name: SCOWL ranks the lowercase word outside its core (size >= NAME_SIZE), and either
  WordNet's tagged uses of it are all of a capitalised sense (japan: Japan), or it is also
  a name in SCOWL's proper-names lists (sizes <= 50) and its wordfreq zipf less
  NAME_DISCOUNT (for the name's share of that frequency) falls below the print floor.
- rare: zipf below PRINT_ZIPF, unless zipf >= CORE_ZIPF and SCOWL puts it in its core
  sizes (<= CORE_SIZE).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from wordnet_db import Sense, WordNet

PRINT_ZIPF = 3.0
CORE_ZIPF = 2.5
CORE_SIZE = 35
NAME_DISCOUNT = 0.5
NAME_SIZE = 40  # the name rule applies where SCOWL itself ranks the lowercase word past its core
SALIENT_SENSES = 4
NAME_USES = 2
SALIENT_COUNT = 3

CATEGORIES = (
    "curated",
    "vulgar",
    "slur",
    "sexual",
    "excretory",
    "drugs",
    "violence",
    "slang",
    "archaic",
    "abbreviation",
    "name",
    "rare",
)
ANY_SENSE = ("vulgar", "slur", "sexual", "excretory")
MAIN_SENSE = ("drugs", "violence", "slang", "archaic", "abbreviation")
NAMED_ONLY = ("sexual", "excretory")  # see _named

# Usage-domain synsets (';u' targets) per category.
USAGE = {
    "vulgar": {"n07124340"},  # obscenity, smut, vulgarism
    "slur": {"n06718862", "n06717170"},  # ethnic slur; disparagement
    "slang": {"n07157273"},  # slang, cant, jargon
    "archaic": {"n07073447"},  # archaism
    "abbreviation": {"n07091902", "n07091587"},  # acronym; abbreviation
}
# Root synsets: a sense under one of these (hypernym closure) is of the category.
ROOTS = {
    "sexual": {
        "n00844254",  # sexual activity
        "n05513302",  # sex organ
        "n05514081",  # genitalia
        "n14037619",  # sexual arousal
        "n07487955",  # sexual desire
        "n07487695",  # sex, sexual urge
        "n00747215",  # pornography
        "n00748155",  # prostitution
        "n10485440",  # prostitute
        "n04508163",  # undergarment
        "n03673450",  # lingerie
        "v01428871",  # copulate
        "v01762301",  # arouse sexually
    },
    "excretory": {
        "n14853947",  # body waste
        "n05415395",  # mucus
        "n14855992",  # vomit
        "n14035695",  # flatulence
        "v00074038",  # defecate
        "v00072586",  # urinate
        "v00072012",  # urinate
    },
    "drugs": {
        "n03808564",  # narcotic
        "n03097890",  # controlled substance
        "n03492717",  # hard drug
        "n03248958",  # drug of abuse (but see EXEMPT: drinks and tobacco)
        "n10035952",  # drug addict
        "v01200458",  # use recreational drugs
    },
    "violence": {
        "n00766234",  # crime
        "n00965404",  # violence
        "n00219012",  # killing (act)
        "n07361576",  # killing (event)
        "n09977660",  # criminal
        "n04565375",  # weapon
        "n00759694",  # terrorism
        "n01163779",  # execution
        "n00222485",  # suicide
        "v01323976",  # kill
        "v00069879",  # injure, wound
        "v01471061",  # kidnap
    },
}
# Synsets under a root that are not of its category (checked on the same hypernym closure).
EXEMPT = {
    "drugs": {"n07884567", "n04442831"},  # alcoholic drinks (wine, beer); tobacco
}
GLOSS = {
    "excretory": re.compile(
        r"through the anus|into the rectum|\b(rectal|feces|faeces|fecal|faecal|excrement)\b"
    ),
    "vulgar": re.compile(r"\bobscene\b|\(vulgar|\bvulgar (term|word|slang)"),
    "slur": re.compile(
        r"\(offensive|offensive (term|name|word|slang)|derogatory|disparag\w*|\bslur\b|contemptuous term"
    ),
    "sexual": re.compile(r"\bsexual(ly)?\b|\bgenital|\bpenis|\bvagina|pornograph|\bprostitut|\bcopulat"),
    "drugs": re.compile(
        r"\b(narcotics?|marijuana|cannabis|cocaine|heroin|opium|hallucinogen\w*|recreational drugs?"
        r"|illegal drugs?)\b"
    ),
    "violence": re.compile(
        r"\b(kill(s|ed|ing|er|ers)?|murder\w*|violent|criminals?|stab(s|bed|bing)?|tortur\w*"
        r"|bloodshed|rape)\b"
    ),
    "slang": re.compile(r"\(slang\)|\bslang (term|word|expression|for)"),
    "archaic": re.compile(r"^\((archaic|obsolete)\b|^(archaic|obsolete)\b"),
    "abbreviation": re.compile(r"^\(?(abbreviation|acronym) for\b"),
}


def _kind(wn: WordNet, sense: Sense, category: str, ancestors: dict[str, set[str]]) -> bool:
    syn = sense.synset
    word_only = category in MAIN_SENSE and len(syn.lemmas) > 2  # a label for one name of many
    if any(t in USAGE.get(category, ()) for t in wn.usage_domains(sense, word_only)):
        return True
    roots = ROOTS.get(category)
    if roots:
        above = ancestors.get(syn.key)
        if above is None:
            above = ancestors[syn.key] = wn.ancestors(syn.key)
        if above & roots and not above & EXEMPT.get(category, set()):
            return True
    pattern = GLOSS.get(category)
    if category == "violence" and not (syn.lexname == "noun.person" or syn.key[0] == "v"):
        return False  # a gloss naming violence marks its doers and deeds, not things
    return bool(pattern and pattern.search(syn.gloss.split('"', 1)[0]))


def _lowercase(sense: Sense) -> bool:
    """False if the word is written only with a capital in this synset (a name: 'Ball')."""
    syn = sense.synset
    return sense.position < len(syn.lemmas) and syn.lemmas[sense.position].islower()


def _named(sense: Sense) -> bool:
    """True if the word is one of the synset's first two names, or one of at most three."""
    return sense.position < 2 or len(sense.synset.lemmas) <= 3


def _salient(sense: Sense, n_senses: int, total: int, dominant: str) -> bool:
    """True if a reader would think of this sense: the word has few senses and this is one
    of the first two of its part of speech, or this one is the most frequent of the word's main part of speech, or holds a tenth of the tagged uses
    (and at least SALIENT_COUNT of them)."""
    return (
        (n_senses <= SALIENT_SENSES and sense.rank <= 1)
        or (sense.rank == 0 and sense.synset.key[0] == dominant)
        or (sense.count >= SALIENT_COUNT and sense.count * 10 >= total)
    )


def _dominant_pos(senses: list[Sense]) -> str:
    """The part of speech with the most tagged uses (most senses if none is tagged)."""
    tally: dict[str, tuple[int, int]] = {}
    for s in senses:
        c, n = tally.get(s.synset.key[0], (0, 0))
        tally[s.synset.key[0]] = (c + s.count, n + 1)
    return max(sorted(tally), key=lambda p: tally[p])


def mostly_a_name(wn: WordNet, word: str) -> bool:
    """True if WordNet knows the word (with its base forms) both as a name and as a common
    word, and mostly as the name: at least NAME_USES tagged uses, every one of a capitalised
    sense (japan: Japan). Words WordNet only has capitalised (a, it, said) are left alone:
    that is WordNet's gap, not a name."""
    every = [s for lemma in wn.lemmas_of(word) for s in wn.senses(lemma)]
    caps = [s for s in every if not _lowercase(s)]
    lower = [s for s in every if _lowercase(s)]
    if not caps or not lower:
        return False
    cap_uses, lower_uses = sum(s.count for s in caps), sum(s.count for s in lower)
    return cap_uses >= NAME_USES and lower_uses == 0


def wordnet_category(wn: WordNet, word: str, ancestors: dict[str, set[str]]) -> str | None:
    """The first WordNet-based category that puts `word` out of print, or None."""
    senses = [s for lemma in wn.lemmas_of(word) for s in wn.senses(lemma) if _lowercase(s)]
    if not senses:
        return None
    total = sum(s.count for s in senses)
    dominant = _dominant_pos(senses)
    salient = [s for s in senses if _salient(s, len(senses), total, dominant)]
    main = [max(senses, key=lambda s: (s.count, s.synset.key[0] == dominant, -s.rank))]
    for category in CATEGORIES:
        if category in ANY_SENSE:
            named = category in NAMED_ONLY
            if any(_kind(wn, s, category, ancestors) for s in salient if _named(s) or not named):
                return category
        elif category in MAIN_SENSE:
            if any(_kind(wn, s, category, ancestors) for s in main):
                return category
    return None


def _base_forms(wn: WordNet, word: str) -> set[str]:
    """The longest base forms of an inflected word WordNet does not list itself (abortions ->
    abortion; dunes -> dune, not dun); none for a word WordNet lists (weed is not wee + d)."""
    if word in wn.index:
        return set()
    bases = [b for b in wn.lemmas_of(word) if b != word]
    if not bases:
        return set()
    longest = max(len(b) for b in bases)
    return {b for b in bases if len(b) == longest}


def vet(
    words: Iterable[str],
    zipf: Mapping[str, float],
    scowl_size: Mapping[str, int],
    names: set[str],
    abbreviations: set[str],
    curated: set[str],
    wordnet: WordNet | None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, str]:
    """Return word -> category for every word of `words` that is NOT printable."""
    out: dict[str, str] = {}
    ancestors: dict[str, set[str]] = {}
    for word in sorted(words):
        category: str | None = None
        if word in curated or (wordnet is not None and curated & _base_forms(wordnet, word)):
            category = "curated"  # the word, or its base form (abortions -> abortion)
        if category is None and wordnet is not None:
            category = wordnet_category(wordnet, word, ancestors)
        past_core = scowl_size.get(word, 99) >= NAME_SIZE
        if category is None and wordnet is not None and past_core and mostly_a_name(wordnet, word):
            category = "name"
        if category is None and word in abbreviations:
            category = "abbreviation"
        z = zipf[word]
        core = z >= CORE_ZIPF and scowl_size.get(word, 99) <= CORE_SIZE
        if category is None and word in names and past_core and z - NAME_DISCOUNT < PRINT_ZIPF:
            category = "name"
        if category is None and z < PRINT_ZIPF and not core:
            category = "rare"
        if category is not None:
            out[word] = category
    return out
