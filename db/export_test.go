package db

// ExpandMatch exposes expandMatch to the package's black-box tests.
var ExpandMatch = (*Store).expandMatch
