"""The execution world model: what a program will print, predicted before it runs.

`vocab.py` owns the exception-class vocabulary C and its EXC_ tokens;
`format.py` owns the world-model input x (rendered as chat messages) and the
target y (rendered as text and parsed back). Every backend and the SFT export
use these two modules, so the prompt and the target format have one owner.
Nothing is imported here: import the submodules you need.
"""
