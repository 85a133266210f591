# A JSON string that the text form cannot hold as one word is an error at its JSON pointer.
check tests/corpus/parse/json-claim-name-with-newlines.json
