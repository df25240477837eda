"""Word data and word algorithms: pure, no drawing."""
