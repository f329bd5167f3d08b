package db

// TEMPORARY stand-in for the pay helper's db.Payment; deleted when "payments core" is merged.
type Payment struct {
	ID       int64
	Purpose  string
	RefID    int64
	Currency string
	Amount   int64
	Provider string
	Status   string
}
