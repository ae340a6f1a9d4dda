"""Code models: the protocol, the OpenAI-compatible client and the builtin offline writer."""
