"""parlour's editable TOML templates, shipped inside the package as generator._templates (see generator/templates.py)."""
