import os
import sys

# --import-mode=importlib does not put test folders on sys.path; the shared
# fixtures module lives here.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
