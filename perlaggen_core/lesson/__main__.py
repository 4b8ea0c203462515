"""`python -m perlaggen_core.lesson [DIR] [--map]`: validate every lesson and list them."""
from . import main

raise SystemExit(main())
