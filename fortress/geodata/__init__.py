"""The board's geography: build (build-time, geopandas) and check (shapely only)."""
