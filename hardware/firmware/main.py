# Runs at power-up on the Pico (MicroPython). Copy every .py in this folder to the board:
#   mpremote cp hardware/firmware/*.py :
import board

board.main()
