"""The test command's own machinery: browser tests that share a context of their own (a German
browser, the pseudo-language build) are marked `xdist_group` so that one worker runs them all and
pays once for that context's first visit. pytest 9.2 with pytest-xdist 3.8 silently stopped
grouping (a second worker then primes the same context again); this shows it does group."""
from __future__ import annotations

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
