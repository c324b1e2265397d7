// The screens' snapshot tests arrive with the renderer (issue #6).
