"""What several engines really share."""
