"""A rulings file the API would refuse fails ``rulebase build`` (and ``verify --file``) with one line.

The scenario format is the ``VerifyScenario`` schema of api/openapi.json, which ``POST /api/verify``
checks posted scenarios against; the build checks rulings/*.yaml against the same schema and the
same card data, so a typo (an unknown card, ``amber: lots``, actions written as a mapping, a
negative Æmber) stops the build naming the file and the place, before the KB is replaced, instead
of becoming a "failed replay" warning in a KB that replaced the good one.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

BAIT = "bait-and-switch-14-amber.yaml"
GOOD = (ROOT / "rulings" / "keyforge" / BAIT).read_text(encoding="utf-8")

#: one change to a bundled scenario -> what the one-line error must name (the place in the file)
BROKEN = {
    "unknown card": (
        GOOD.replace('hand: ["Bait and Switch"]', 'hand: ["Bait and Swtich"]'),
        ["setup", "Bait and Swtich"],
    ),
    "amber: lots": (
        GOOD.replace("player2: {amber: 14}", "player2: {amber: lots}"),
        ["setup.player2.amber", "expected an integer", "'lots'"],
    ),
    "negative amber": (
        GOOD.replace("player2: {amber: 14}", "player2: {amber: -3}"),
        ["setup.player2.amber", "at least 0"],
    ),
    "actions as a mapping": (
        GOOD.replace("actions:\n  - play: Bait and Switch", "actions:\n  play: Bait and Switch"),
        ["actions", "expected a list"],
    ),
    "an unquoted version": (GOOD.replace('"1.3": {', "1.3: {"), ["expect", 'write "1.3"']),
}


pytestmark = pytest.mark.usefixtures("small_manifest")  # every build reads tests/manifest-small.toml


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rulings_with(folder: Path, text: str) -> Path:
    """The bundled rulings, with the Bait and Switch scenario replaced by ``text``."""
    shutil.copytree(ROOT / "rulings", folder)
    (folder / "keyforge" / BAIT).write_text(text, encoding="utf-8")
    return folder


def one_line_error(proc, *words: str) -> str:
    assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("rulebase: ")]
    assert len(lines) == 1, proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_the_changes_leave_a_scenario_the_engine_reads():
    """The cases below change one thing each: the text they replace is really there."""
    assert all(text != GOOD for text, _ in BROKEN.values())


@pytest.mark.cli
@pytest.mark.parametrize("case", sorted(BROKEN))
@pytest.mark.parametrize("full", [False, True], ids=["update", "full"])
def test_an_invalid_rulings_file_fails_the_build_and_keeps_the_kb(small_kb_copy, tmp_path, case, full):
    text, names = BROKEN[case]
    rulings = rulings_with(tmp_path / "rulings", text)
    before = sha(small_kb_copy)
    proc = run_cli("build", "--db", str(small_kb_copy), "--rulings", str(rulings), *(["--full"] if full else []))
    one_line_error(proc, BAIT, *names)
    assert sha(small_kb_copy) == before
    assert not [p.name for p in small_kb_copy.parent.iterdir() if p.name.startswith(".")]


@pytest.mark.cli
def test_the_bundled_rulings_in_a_copied_folder_still_build(small_kb_copy, tmp_path):
    proc = run_cli("build", "--db", str(small_kb_copy), "--rulings", str(rulings_with(tmp_path / "rulings", GOOD)))
    assert proc.returncode == 0, proc.stderr


@pytest.mark.cli
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_verify_file_names_the_problem_in_one_line(built_kb, tmp_path, case):
    text, names = BROKEN[case]
    path = tmp_path / BAIT
    path.write_text(text, encoding="utf-8")
    proc = run_cli("verify", "--file", str(path), "--db", str(built_kb))
    one_line_error(proc, str(path), *names)


@pytest.mark.cli
def test_verify_file_still_replays_a_valid_file(built_kb, tmp_path):
    path = tmp_path / BAIT
    path.write_text(GOOD, encoding="utf-8")
    proc = run_cli("verify", "--file", str(path), "--db", str(built_kb))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1].endswith("0 failed")


def test_two_scenario_files_with_one_id_are_refused_naming_both(tmp_path):
    from kb.errors import KBError
    from rulebase.rulings import read_scenarios

    source = ROOT / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml"
    folder = tmp_path / "keyforge"
    folder.mkdir()
    for name in ("a.yaml", "b.yaml"):
        shutil.copyfile(source, folder / name)
    with pytest.raises(KBError, match=r"b\.yaml: scenario id 'bait-and-switch-14-amber' already used by .*a\.yaml"):
        read_scenarios(tmp_path)
