// Result and input types of the pulse area; filled in by the work on that area.
export {};
