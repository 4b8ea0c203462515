"""The test command's own machinery: browser tests that share a context of their own (a German
browser, the pseudo-language build) are marked `xdist_group` so that one worker runs them all and
pays once for that context's first visit. pytest 9.2 with pytest-xdist 3.8 silently stopped
grouping (a second worker then primes the same context again); this shows it does group."""
from __future__ import annotations

import os
import re
import subprocess
import sys

GROUPED = '''
import pytest

pytestmark = pytest.mark.xdist_group("together")

@pytest.mark.parametrize("i", range(6))
def test_in_the_group(i):
    pass
'''
OTHERS = "def test_a(): pass\ndef test_b(): pass\ndef test_c(): pass\n"


def test_a_group_of_tests_runs_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_others.py").write_text(OTHERS)
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:playwright",
                          "-n", "2", "--dist", "loadgroup", "-v", str(tmp_path)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    workers = set(re.findall(r"^\[(gw\d+)\].* PASSED test_grouped\.py", run.stdout, re.MULTILINE))
    assert len(workers) == 1, f"the group ran on {sorted(workers)}"


def test_the_engine_beside_the_site_runs_niced_and_its_failure_fails_the_run():
    from tools.testrun import BESIDE_NICE, NO_TESTS, Beside, combine, typed

    beside = Beside("a part", [sys.executable, "-c", "import os; print('niced', os.nice(0)); raise SystemExit(3)"])
    assert beside.finish(show=False) == 3
    assert f"niced {min(19, os.nice(0) + BESIDE_NICE)}" in beside.text
    assert combine(3, 0) == 3 and combine(0, 1) == 1 and combine(1, 2) == 1
    assert combine(0, NO_TESTS) == 0 and combine(NO_TESTS, 0) == 0
    assert combine(NO_TESTS, NO_TESTS) == NO_TESTS
    assert typed(0, 1) == 1 and typed(NO_TESTS, 1) == 1 and typed(2, 1) == 2 and typed(0, 0) == 0
