"""The statistics page's charts: what they count (tallies), how counts fall into bars
(bins), and the SVG drawn from them (svg). Pure: tested under CPython."""
