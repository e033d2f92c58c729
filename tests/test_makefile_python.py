"""Which interpreter `make` makes the virtual environment from: the first candidate that is Python
3.11 or later and has venv (Debian's optimised build before the PATH's python3), else a clear error;
``PYTHON=...`` chooses. The candidates here are stand-ins that pass or fail the Makefile's check, so
the choice is tested whatever this machine has; the last test is about this machine itself."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _stand_in(folder: Path, name: str, passes: bool) -> Path:
    """An "interpreter" that answers the Makefile's check (3.11 or later, with venv) as told."""
    path = folder / name
    path.write_text(f"#!/bin/sh\nexit {0 if passes else 1}\n")
    path.chmod(0o755)
    return path


def _planned(tmp_path: Path, *args: str) -> str:
    """What ``make`` would run to set up a new environment (``make -n``), with ``args``."""
    venv = tmp_path / "venv"
    done = subprocess.run(
        ["make", "-n", "-B", "-C", str(ROOT), f"VENV={venv}", f"{venv}/.installed", *args],
        capture_output=True,
        text=True,
    )
    return done.stdout + done.stderr


def test_the_first_candidate_that_passes_is_used(tmp_path):
    old = _stand_in(tmp_path, "old-python", passes=False)
    good = _stand_in(tmp_path, "good-python", passes=True)
    other = _stand_in(tmp_path, "other-python", passes=True)
    planned = _planned(tmp_path, f"PYTHON_CANDIDATES={old} {good} {other}")
    assert f"{good} -m venv" in planned
    assert f"{old} -m venv" not in planned and f"{other} -m venv" not in planned


def test_none_passing_is_a_clear_error_before_anything_is_made(tmp_path):
    old = _stand_in(tmp_path, "old-python", passes=False)
    venv = tmp_path / "venv"
    done = subprocess.run(
        ["make", "-B", "-C", str(ROOT), f"VENV={venv}", f"{venv}/.installed", f"PYTHON_CANDIDATES={old}"],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "no python3 of 3.11 or later with venv found: set PYTHON=..." in done.stdout + done.stderr
    assert not venv.exists()


def test_python_given_is_used_as_it_is(tmp_path):
    good = _stand_in(tmp_path, "good-python", passes=True)
    planned = _planned(tmp_path, f"PYTHON_CANDIDATES={good}", f"PYTHON={sys.executable}")
    assert f"{sys.executable} -m venv" in planned
    assert f"{good} -m venv" not in planned


def test_on_this_machine_the_environment_is_made_from_the_first_candidate_able_to(tmp_path):
    """Debian's /usr/bin/python3 when it is 3.11 or later with venv (CI's machine and ours), else the
    PATH's python3: the check the Makefile runs, run here on the real candidates."""
    check = "import sys, ensurepip; sys.exit(sys.version_info < (3, 11))"
    able = [
        p
        for p in ("/usr/bin/python3", "python3")
        if shutil.which(p) and subprocess.run([p, "-c", check], capture_output=True).returncode == 0
    ]
    assert able, "no python3 of 3.11 or later with venv on this machine"
    assert f"\n{able[0]} -m venv" in "\n" + _planned(tmp_path)
