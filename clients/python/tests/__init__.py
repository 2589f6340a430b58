# Makes tests/ a package, so that `python3 -m unittest` in clients/python finds the tests (without
# it unittest discovers nothing, runs 0 tests and says OK).
