"""What every page shares: translations, the words, card faces, the table view, the page kit."""
