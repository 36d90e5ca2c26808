"""Today's game in every game: the day's number and seed (days), what a device keeps of its
dailies (records), the share card and a friend's result (share)."""
