"""The lesson player (lesson.html) and the lesson list (lessons.html), with the learner's progress."""
