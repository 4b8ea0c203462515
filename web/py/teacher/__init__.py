"""The teacher page (teacher.html): the scenario list, the presenter, the handout, the own scenarios."""
