// Result and input types of the constitution area; filled in by the work on that area.
export {};
