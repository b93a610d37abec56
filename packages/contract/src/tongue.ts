// Result and input types of the tongue area; filled in by the work on that area.
export {};
