// `import PickerReel` gives everything needed to describe, validate, render, encode and compare a picker:
// the model (PickerKit), the renderer (this module) and image comparison (PickerCompare).
@_exported import PickerCompare
@_exported import PickerKit
@_exported import PickerRender
