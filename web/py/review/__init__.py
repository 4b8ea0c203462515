"""A deal's review, shared by the sandbox and the teacher page: the work in slices and its HTML."""
