"""The sandbox page (sandbox.html): a whole game against the computer, its log and its review panel."""
